import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { undoEmailChange } from '../features/account/auth-api';
import { ApiError } from '../lib/api';
import { setSessionUser } from '../lib/session';

/**
 * The page of the link sent to the old address after a change: a button, not an automatic
 * request, so that a mail scanner opening the link undoes nothing.
 */
export default function UndoEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ text: string; error: boolean }>();
  const [busy, setBusy] = useState(false);

  async function undo() {
    setBusy(true);
    try {
      const res = await undoEmailChange(token);
      setSessionUser(null);
      setResult({ text: res.message, error: false });
    } catch (err) {
      setResult({ text: err instanceof ApiError ? err.message : 'L’annulation n’a pas abouti. Réessayez.', error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form-page container">
      <div className="form-card card">
        <h1>Annuler le changement d’adresse</h1>
        {result && !result.error ? (
          <>
            <p role="status">{result.text}</p>
            <p className="form-alt">
              <Link className="btn btn-primary" to="/forgot-password" viewTransition>Choisir un nouveau mot de passe</Link>
            </p>
            <p className="form-alt">
              <Link to="/login" viewTransition>Se connecter</Link>
            </p>
          </>
        ) : (
          <>
            <p>
              L’adresse e-mail de votre compte a été changée. Si ce n’est pas vous, remettez l’ancienne : toutes les sessions du compte seront fermées.
            </p>
            {result ? <p className="form-error" role="alert">{result.text}</p> : null}
                          <div className="form-actions">
              <button className="btn btn-primary" type="button" onClick={undo} disabled={busy}>
                {busy ? 'Annulation…' : 'Remettre mon ancienne adresse'}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
