import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PasswordField } from '../components/password-field';
import { NeedsJs } from '../components/needs-js';
import { TextField } from '../components/text-field';
import { register } from '../features/account/auth-api';
import { ApiError } from '../lib/api';
import { safeNext, setSessionUser } from '../lib/session';

type Field = 'displayName' | 'email' | 'password' | 'confirm';
type Errors = Partial<Record<Field | 'form', string>>;

/** Checks the form before it is sent; the server checks again (common passwords, e-mail in use). */
export function validateRegistration(v: Record<Field, string>): Errors {
  const errors: Errors = {};
  if (!v.email.trim()) errors.email = 'Saisissez votre adresse e-mail.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) errors.email = 'Adresse e-mail invalide.';
  const length = [...v.password].length;
  if (length < 12) errors.password = 'Le mot de passe doit contenir au moins 12\u00a0caractères.';
  else if (length > 128) errors.password = 'Le mot de passe doit contenir au plus 128\u00a0caractères.';
  if (v.confirm !== v.password) errors.confirm = 'Les mots de passe ne correspondent pas.';
  return errors;
}

/** The sign-up form. */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const values = {
      displayName: String(form.get('displayName') ?? '').trim(),
      email: String(form.get('email') ?? '').trim(),
      password: String(form.get('password') ?? ''),
      confirm: String(form.get('confirm') ?? ''),
    };
    const found = validateRegistration(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const res = await register({
        email: values.email,
        password: values.password,
        displayName: values.displayName,
      });
      setSessionUser(res.user);
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : 'L’inscription a échoué. Réessayez.';
      const field = err instanceof ApiError ? err.field : undefined;
      setErrors(field === 'email' || field === 'password' || field === 'displayName' ? { [field]: msg } : { form: msg });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form-page container">
      <div className="form-card card">
        <h1>Inscription</h1>
        <p className="muted">Créez votre espace client pour suivre vos devis et vos échanges avec nos conseillers.</p>
        {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
        <NeedsJs />
        <form className="needs-js" onSubmit={onSubmit} noValidate>
          <TextField label="Nom affiché" name="displayName" autoComplete="name" maxLength={100} error={errors.displayName} hint="Facultatif : sinon, la partie de votre e-mail avant « @ »." />
          <TextField label="Adresse e-mail" name="email" type="email" autoComplete="email" inputMode="email" required error={errors.email} />
          <PasswordField label="Mot de passe" name="password" autoComplete="new-password" required error={errors.password} hint="12 caractères au moins. Une phrase de passe facile à retenir est idéale." />
          <PasswordField label="Confirmez le mot de passe" name="confirm" autoComplete="new-password" required error={errors.confirm} />
          <div className="form-actions">
            <button className="btn btn-primary" type="submit" disabled={busy}>
              {busy ? 'Création…' : 'Créer mon compte'}
            </button>
          </div>
        </form>
        <p className="form-alt">
          Déjà inscrit ? <Link to={`/login${params.get('next') ? `?next=${encodeURIComponent(safeNext(params.get('next')))}` : ''}`} viewTransition>Se connecter</Link>
        </p>
      </div>
    </section>
  );
}
