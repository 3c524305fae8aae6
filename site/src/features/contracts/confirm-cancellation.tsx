import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { NeedsJs } from '../../components/needs-js';
import { ApiError } from '../../lib/api';
import { formatDate, typeset } from '../../lib/format';
import { confirmCancellation, type CancelReceipt } from './api';

/**
 * The page of the link that confirms a cancellation asked without an
 * account: a button, so that a mail scanner opening the link cancels
 * nothing; then the effective date, also sent by e-mail
 * (/confirmer-resiliation, a route of the page of /resilier).
 */
export function ConfirmCancellation() {
  const [params] = useSearchParams();
  // Read once hydrated: the prerendered page was made without the query.
  const [token, setToken] = useState<string>();
  useEffect(() => setToken(params.get('token') ?? ''), [params]);
  const [done, setDone] = useState<CancelReceipt>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const doneRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  async function confirm() {
    if (!token) {
      setError('Ce lien est incomplet : ouvrez celui de l’e-mail tel quel, ou refaites la demande.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      setDone(await confirmCancellation(token));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'La confirmation n’a pas abouti. Réessayez.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form-page container">
      <div className="form-card card">
        <h1>Confirmer la résiliation</h1>
        {done ? (
          <div role="status">
            <h2 ref={doneRef} tabIndex={-1}>Votre demande de résiliation est enregistrée</h2>
            <p>{typeset(`Le contrat n°\u00a0${done.number} (${done.productLabel}) prendra fin le `)}<strong>{formatDate(done.effectiveDate)}</strong>.</p>
            <p>{typeset('Vous restez couvert jusqu’à cette date, et aucun prélèvement n’aura lieu après. L’accusé de réception vous est envoyé par e-mail, avec cette date.')}</p>
          </div>
        ) : (
          <>
            <p>{typeset('Ce bouton enregistre la demande de résiliation faite sur notre site. Vous recevez ensuite l’accusé de réception par e-mail, avec la date de fin du contrat.')}</p>
            {error ? (
              <div className="form-error" role="alert">
                <p>{typeset(error)}</p>
                <p><Link to="/resilier">Refaire une demande de résiliation</Link></p>
              </div>
            ) : null}
            <NeedsJs what="Cette confirmation" />
            <div className="form-actions needs-js">
              <button className="btn btn-primary" type="button" onClick={() => void confirm()} disabled={busy}>
                {busy ? 'Enregistrement…' : 'Confirmer la résiliation'}
              </button>
            </div>
            <p className="form-alt"><Link to="/">Garder mon contrat et revenir à l’accueil</Link></p>
          </>
        )}
      </div>
    </section>
  );
}
