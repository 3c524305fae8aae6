import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api, ApiError } from '../lib/api';
import { refreshSession } from '../lib/session';

/** The page of a confirmation link: it confirms the address as soon as it opens. */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ text: string; error: boolean }>();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setResult({ text: 'Ce lien est incomplet. Ouvrez le lien reçu par e-mail tel quel.', error: true });
      return;
    }
    api<{ message: string }>('POST', '/api/auth/confirm-email', { token })
      .then((res) => {
        setResult({ text: res.message, error: false });
        void refreshSession();
      })
      .catch((err: unknown) => setResult({ text: err instanceof ApiError ? err.message : "La confirmation n'a pas abouti. Réessayez.", error: true }));
  }, [token]);

  return (
    <section className="form-page container">
      <div className="form-card card">
        <h1>Confirmation de l'adresse e-mail</h1>
        {result ? (
          <p className={result.error ? 'form-error' : undefined} role={result.error ? 'alert' : 'status'}>
            {result.text}
          </p>
        ) : (
          <p role="status">Confirmation en cours…</p>
        )}
        <p className="form-alt">
          <Link to="/dashboard" viewTransition>Aller à mon espace</Link>
        </p>
      </div>
    </section>
  );
}
