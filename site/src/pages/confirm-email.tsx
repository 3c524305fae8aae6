import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { confirmEmail } from '../features/account/auth-api';
import { ApiError } from '../lib/api';
import { refreshSession } from '../lib/session';

/**
 * The page of a confirmation link: a button, so that a mail scanner opening the link confirms
 * nothing, and the markup does not depend on the token (the page is prerendered without it).
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ text: string; error: boolean }>();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const res = await confirmEmail(token);
      setResult({ text: res.message, error: false });
      void refreshSession();
    } catch (err) {
      setResult({ text: err instanceof ApiError ? err.message : 'La confirmation n’a pas abouti. Réessayez.', error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form-page container">
      <div className="form-card card">
        <h1>Confirmation de l’adresse e-mail</h1>
        {result && !result.error ? (
          <>
            <p role="status">{result.text}</p>
            <p className="form-alt">
              <Link className="btn btn-primary" to="/dashboard" viewTransition>Aller à mon espace</Link>
            </p>
          </>
        ) : (
          <>
            <p>Confirmez que cette adresse est bien la vôtre : nos réponses et vos documents vous y parviendront.</p>
            {result ? <p className="form-error" role="alert">{result.text}</p> : null}
            <div className="form-actions">
              <button className="btn btn-primary" type="button" onClick={confirm} disabled={busy}>
                {busy ? 'Confirmation…' : 'Confirmer mon adresse'}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
