import { useState } from 'react';
import { ApiError } from '../../lib/api';
import type { SessionUser } from '../../lib/session';
import { resendConfirmation } from './profile-api';

/** What waits on an account whose address is not confirmed yet, with a way to get the link again. */
export function ConfirmEmailNotice({ user }: { user: SessionUser }) {
  const [status, setStatus] = useState<{ text: string; error: boolean }>();
  const [busy, setBusy] = useState(false);
  if (user.emailConfirmed) return null;

  async function resend() {
    setBusy(true);
    try {
      const res = await resendConfirmation();
      setStatus({ text: res.message, error: false });
    } catch (err) {
      setStatus({ text: err instanceof ApiError ? err.message : 'L’envoi n’a pas abouti. Réessayez.', error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="notice notice-warning" role="region" aria-label="Adresse e-mail à confirmer">
      <p>
        <strong>Confirmez votre adresse e-mail.</strong> Nous avons envoyé un lien à {user.email} : ouvrez-le pour recevoir nos réponses et vos documents à
        cette adresse. Votre espace fonctionne déjà.
      </p>
      <button className="btn btn-secondary" type="button" onClick={resend} disabled={busy}>
        {busy ? 'Envoi…' : 'Renvoyer le lien'}
      </button>
      {status ? (
        <p className={status.error ? 'form-error' : undefined} role={status.error ? 'alert' : 'status'}>
          {status.text}
        </p>
      ) : null}
    </div>
  );
}
