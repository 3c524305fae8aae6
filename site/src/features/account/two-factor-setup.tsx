import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { ApiError } from '../../lib/api';
import { beginTwoFactor, enableTwoFactor, groupSecret, type TwoFactorSetup } from './two-factor-api';
import { RecoveryCodes } from './recovery-codes';
import './two-factor.css';

type Errors = Partial<Record<'code' | 'password' | 'form', string>>;

/**
 * Sets up the second factor: the QR code (and its secret to type by hand),
 * a first code of the app and the password, then the recovery codes once.
 * onDone runs when the person has noted them.
 */
export function TwoFactorSetupForm({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [codes, setCodes] = useState<string[]>();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      setSetup(await beginTwoFactor());
      setErrors({});
    } catch (err) {
      setErrors({ form: err instanceof ApiError ? err.message : 'La préparation a échoué. Réessayez.' });
    } finally {
      setBusy(false);
    }
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const code = String(form.get('code') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const found: Errors = {};
    if (!code) found.code = 'Saisissez le code affiché par votre application.';
    if (!password) found.password = 'Saisissez votre mot de passe pour confirmer.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      setCodes((await enableTwoFactor(code, password)).recoveryCodes);
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : 'L’activation a échoué. Réessayez.';
      setErrors(err instanceof ApiError && (err.field === 'code' || err.field === 'password') ? { [err.field]: msg } : { form: msg });
    } finally {
      setBusy(false);
    }
  }

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (!setup) {
    return (
      <div>
        {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
        <button className="btn btn-primary" type="button" onClick={start} disabled={busy}>
          Configurer mon application
        </button>
      </div>
    );
  }
  return (
    <form className="two-factor-setup" onSubmit={onSubmit} noValidate>
      <ol className="two-factor-steps">
        <li>
          Ouvrez votre application d’authentification (Google Authenticator, Microsoft Authenticator, FreeOTP, 1Password…) et
          scannez ce code&nbsp;:
          {/* The server draws the QR code as SVG from the otpauth link; nothing is loaded from elsewhere. */}
          <div className="qr-code" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
          <p className="field-hint">
            Impossible de scanner&nbsp;? Saisissez cette clé dans l’application&nbsp;: <code className="totp-secret">{groupSecret(setup.secret)}</code>
          </p>
        </li>
        <li>Saisissez le code à 6&nbsp;chiffres qu’elle affiche, puis votre mot de passe.</li>
      </ol>
      {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
      <TextField label="Code de l’application" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={12} required error={errors.code} />
      <PasswordField label="Mot de passe" name="password" autoComplete="current-password" required error={errors.password} />
      <button className="btn btn-primary" type="submit" disabled={busy}>Activer la validation en deux étapes</button>
    </form>
  );
}
