import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { confirmUnlock } from '../features/account/auth-api';
import { ApiError } from '../lib/api';

/** The page of an unlock link: a button, so that a mail scanner opening the link uses nothing; this browser then signs in. */
export default function UnlockPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ text: string; error: boolean; email?: string }>();
  const [busy, setBusy] = useState(false);

  async function unlock() {
    setBusy(true);
    try {
      const res = await confirmUnlock(token);
      setResult({ text: res.message, error: false, email: res.email });
    } catch (err) {
      setResult({ text: err instanceof ApiError ? err.message : 'Le déblocage n’a pas abouti. Réessayez.', error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form-page container">
      <div className="form-card card">
        <h1>Débloquer mon compte</h1>
        {result && !result.error ? (
          <>
            <p role="status">{result.text}</p>
            <p className="form-alt">
              <Link className="btn btn-primary" to="/login" viewTransition>Se connecter</Link>
            </p>
          </>
        ) : (
          <>
            <p>Trop d’essais de mot de passe ont bloqué la connexion à votre compte. Ce bouton la débloque dans ce navigateur.</p>
            {result ? <p className="form-error" role="alert">{result.text}</p> : null}
                          <div className="form-actions">
              <button className="btn btn-primary" type="button" onClick={unlock} disabled={busy}>
                {busy ? 'Déblocage…' : 'Débloquer dans ce navigateur'}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
