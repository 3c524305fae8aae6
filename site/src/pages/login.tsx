import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PasswordField } from '../components/password-field';
import { NeedsJs } from '../components/needs-js';
import { TextField } from '../components/text-field';
import { logIn, logInWithCode, sendUnlockLink } from '../features/account/auth-api';
import { ApiError } from '../lib/api';
import { safeNext, setSessionUser, type SessionUser } from '../lib/session';

type Errors = Partial<Record<'email' | 'password' | 'code' | 'form', string>>;

/** The sign-in's answer: the profile, or a ticket awaiting the code of the second factor. */

/** The sign-in form; after success the visitor returns to the page they first asked for. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // The address of a sign-in refused for too many attempts: it may ask an unlock link.
  const [blocked, setBlocked] = useState<string>();
  const [unlock, setUnlock] = useState<string>();
  // The ticket of a right password on an account with a second factor.
  const [ticket, setTicket] = useState<string>();

  function signedIn(user: SessionUser) {
    setSessionUser(user);
    navigate(next, { replace: true });
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const found: Errors = {};
    if (!email) found.email = 'Saisissez votre adresse e-mail.';
    if (!password) found.password = 'Saisissez votre mot de passe.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const res = await logIn(email, password, form.get('remember') === 'on');
      if (res.secondFactor) setTicket(res.secondFactor.ticket);
      else signedIn(res.user);
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : 'La connexion a échoué. Réessayez.';
      setBlocked(err instanceof ApiError && err.status === 429 ? email : undefined);
      setErrors(err instanceof ApiError && (err.field === 'email' || err.field === 'password') ? { [err.field]: msg } : { form: msg });
    } finally {
      setBusy(false);
    }
  }

  async function onCode(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim();
    if (!code) {
      setErrors({ code: 'Saisissez le code affiché par votre application.' });
      return;
    }
    setBusy(true);
    try {
      signedIn((await logInWithCode(ticket, code)).user);
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : 'La connexion a échoué. Réessayez.';
      if (err instanceof ApiError && err.field === 'code') {
        setErrors({ code: msg });
      } else {
        // The ticket is over (expired, used, too many codes): back to the password.
        setTicket(undefined);
        setErrors({ form: msg });
      }
    } finally {
      setBusy(false);
    }
  }

  async function askUnlock() {
    if (!blocked) return;
    try {
      const res = await sendUnlockLink(blocked);
      setUnlock(res.message);
    } catch (err) {
      setUnlock(err instanceof ApiError ? err.message : 'La demande n’a pas abouti. Réessayez.');
    }
  }

  return (
    <section className="form-page container">
      <div className="form-card card">
        <h1>Connexion</h1>
        <p className="muted">Accédez à votre espace client : vos devis, vos échanges et votre profil.</p>
        {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
        {blocked ? (
          <div className="notice notice-warning">
            <p>C’est bien votre compte ? Recevez par e-mail un lien qui le débloque dans ce navigateur.</p>
            {unlock ? (
              <p role="status">{unlock}</p>
            ) : (
              <button className="btn btn-secondary" type="button" onClick={askUnlock}>
                Débloquer mon compte
              </button>
            )}
          </div>
        ) : null}
        <NeedsJs />
        {ticket ? (
          <form className="needs-js" onSubmit={onCode} noValidate aria-labelledby="code-title">
            <h2 id="code-title" className="form-step-title">Validation en deux étapes</h2>
            <p>Saisissez le code à 6&nbsp;chiffres de votre application d’authentification, ou l’un de vos codes de secours.</p>
            <TextField label="Code de validation" name="code" inputMode="text" autoComplete="one-time-code" autoFocus maxLength={16} required error={errors.code} />
            <div className="form-actions">
              <button className="btn btn-primary" type="submit" disabled={busy}>
                {busy ? 'Vérification…' : 'Valider'}
              </button>{' '}
              <button className="btn btn-secondary" type="button" onClick={() => { setTicket(undefined); setErrors({}); }}>
                Retour
              </button>
            </div>
          </form>
        ) : (
        <form className="needs-js" onSubmit={onSubmit} noValidate>
          <TextField label="Adresse e-mail" name="email" type="email" autoComplete="username" inputMode="email" required error={errors.email} />
          <PasswordField label="Mot de passe" name="password" autoComplete="current-password" required error={errors.password} />
          <p className="field-aside">
            <Link to="/forgot-password" viewTransition>Mot de passe oublié ?</Link>
          </p>
          <div className="field-check">
            <input id="remember" name="remember" type="checkbox" />
            <label htmlFor="remember">Se souvenir de moi (30&nbsp;jours)</label>
          </div>
          <div className="form-actions">
            <button className="btn btn-primary" type="submit" disabled={busy}>
              {busy ? 'Connexion…' : 'Se connecter'}
            </button>
          </div>
        </form>
        )}
        <p className="form-alt">
          Pas encore de compte ? <Link to={`/register${params.get('next') ? `?next=${encodeURIComponent(next)}` : ''}`} viewTransition>Créer un compte</Link>
        </p>
      </div>
    </section>
  );
}
