import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { NeedsJs } from '../components/needs-js';
import { PasswordField } from '../components/password-field';
import { resetPassword } from '../features/account/auth-api';
import { ApiError } from '../lib/api';
import { setSessionUser } from '../lib/session';

type Errors = Partial<Record<'password' | 'confirm' | 'form', string>>;

/**
 * The page of a reset link: a new password, once; every session of the account ends. The
 * markup never depends on the token (the page is prerendered without it): a missing or
 * spoilt token gets the server's « lien plus valable » on submit.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('confirm') ?? '');
    const found: Errors = {};
    if (!password) found.password = 'Choisissez un mot de passe.';
    else if (confirm !== password) found.confirm = 'Les deux mots de passe ne sont pas identiques.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const res = await resetPassword(token, password);
      setSessionUser(null);
      setDone(res.message);
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : 'Le changement n’a pas abouti. Réessayez.';
      setErrors(err instanceof ApiError && err.field === 'password' ? { password: msg } : { form: msg });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form-page container">
      <div className="form-card card">
        <h1>Nouveau mot de passe</h1>
        {done ? (
          <>
            <p role="status">{done}</p>
            <p className="form-alt">
              <Link className="btn btn-primary" to="/login" viewTransition>Se connecter</Link>
            </p>
          </>
        ) : (
          <>
            <p className="muted">Choisissez un mot de passe d’au moins 12 caractères que vous n’utilisez nulle part ailleurs. Toutes les sessions ouvertes sur votre compte seront fermées.</p>
            {errors.form ? (
              <p className="form-error" role="alert">
                {errors.form} <Link to="/forgot-password">Demander un nouveau lien</Link>
              </p>
            ) : null}
            <NeedsJs />
            <form className="needs-js" onSubmit={onSubmit} noValidate>
              <PasswordField label="Nouveau mot de passe" name="password" autoComplete="new-password" required error={errors.password} />
              <PasswordField label="Confirmez le mot de passe" name="confirm" autoComplete="new-password" required error={errors.confirm} />
              <div className="form-actions">
                <button className="btn btn-primary" type="submit" disabled={busy}>
                  {busy ? 'Enregistrement…' : 'Changer le mot de passe'}
                </button>
              </div>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
