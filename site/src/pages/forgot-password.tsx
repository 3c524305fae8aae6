import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { NeedsJs } from '../components/needs-js';
import { TextField } from '../components/text-field';
import { askPasswordReset } from '../features/account/auth-api';
import { ApiError } from '../lib/api';

/** « Mot de passe oublié » : asks a reset link by e-mail; the answer is the same whether the address has an account or not. */
export default function ForgotPasswordPage() {
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    setFormError(undefined);
    if (!email) {
      setError('Saisissez votre adresse e-mail.');
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const res = await askPasswordReset(email);
      setSent(res.message);
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : 'La demande n’a pas abouti. Réessayez.';
      if (err instanceof ApiError && err.field === 'email') setError(msg);
      else setFormError(msg);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form-page container">
      <div className="form-card card">
        <h1>Mot de passe oublié</h1>
        {sent ? (
          <>
            <p role="status">{sent}</p>
            <p className="muted">Pensez à regarder dans les indésirables. Rien reçu après quelques minutes ? Vérifiez l’adresse et recommencez.</p>
            <p className="form-alt">
              <Link to="/login" viewTransition>Retour à la connexion</Link>
            </p>
          </>
        ) : (
          <>
            <p className="muted">Indiquez l’adresse de votre espace client : nous vous envoyons un lien pour choisir un nouveau mot de passe.</p>
            {formError ? <p className="form-error" role="alert">{formError}</p> : null}
            <NeedsJs />
            <form className="needs-js" onSubmit={onSubmit} noValidate>
              <TextField label="Adresse e-mail" name="email" type="email" autoComplete="username" inputMode="email" required error={error} />
              <div className="form-actions">
                <button className="btn btn-primary" type="submit" disabled={busy}>
                  {busy ? 'Envoi…' : 'Recevoir le lien'}
                </button>
              </div>
            </form>
            <p className="form-alt">
              <Link to="/login" viewTransition>Retour à la connexion</Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
