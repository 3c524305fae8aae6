import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { ApiError } from '../lib/api';
import { formatDate, typeset } from '../lib/format';
import { formatEuros } from '../features/quotes/quotes';
import { withdrawContract, type Contract } from '../features/contracts/api';
import { withdrawalLetter } from '../features/contracts/contract-parts';
import { useContract } from '../features/contracts/use-contract';
import '../features/contracts/contracts.css';

/** The letter, the refund rule and the one button, then its confirmation. */
function WithdrawalForm({ contract, onDone }: { contract: Contract; onDone: (c: Contract) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  async function withdraw() {
    setBusy(true);
    setError(undefined);
    try {
      onDone(await withdrawContract(contract.id));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Votre rétractation n’a pas pu être enregistrée. Réessayez.');
      setBusy(false);
    }
  }

  return (
    <section className="card contract-section" aria-labelledby="lettre-titre">
      <h2 id="lettre-titre">Votre lettre de rétractation</h2>
      <blockquote className="contract-letter"><p>{withdrawalLetter(contract)}</p></blockquote>
      <h3>Ce qui vous est remboursé</h3>
      <p>{typeset('La prime correspondant aux jours où vous avez été couvert reste due ; le reste de ce qui a été prélevé vous est remboursé dans les 30 jours. Les prélèvements à venir sont annulés et la couverture prend fin aujourd’hui.')}</p>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      {confirming ? (
        <div className="contract-confirm" role="group" aria-labelledby="confirmer-titre">
          <p id="confirmer-titre"><strong>{typeset(`Confirmez-vous renoncer au contrat n°\u00a0${contract.number} ? Vous ne serez plus assuré dès aujourd’hui.`)}</strong></p>
          <div className="contract-actions">
            <button ref={confirmRef} className="btn btn-primary" type="button" disabled={busy} onClick={() => void withdraw()}>
              {busy ? 'Envoi…' : 'Oui, je me rétracte'}
            </button>
            <button className="btn btn-secondary" type="button" disabled={busy} onClick={() => setConfirming(false)}>Annuler</button>
          </div>
        </div>
      ) : (
        <div className="contract-actions">
          <button className="btn btn-primary" type="button" onClick={() => setConfirming(true)}>Me rétracter</button>
        </div>
      )}
    </section>
  );
}

/** After the withdrawal: the premium due and the refund. */
function Withdrawn({ contract }: { contract: Contract }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const e = contract.ending;
  return (
    <section className="card contract-done" aria-labelledby="retractation-faite">
      <h2 id="retractation-faite" ref={heading} tabIndex={-1}>Votre rétractation est enregistrée</h2>
      <p>{typeset(`Le contrat n°\u00a0${contract.number} prend fin le ${formatDate(e?.date ?? contract.startDate)}. Un e-mail vous le confirme.`)}</p>
      {e ? (
        <dl className="contract-facts">
          <div><dt>Prime due pour la période couverte</dt><dd>{formatEuros(e.dueCents)}</dd></div>
          <div><dt>Remboursement</dt><dd><strong>{formatEuros(e.refundCents)}</strong></dd></div>
        </dl>
      ) : null}
      <p><Link to={`/mes-contrats/${encodeURIComponent(contract.id)}`}>Voir le contrat</Link> · <Link to="/mes-contrats">Mes contrats</Link></p>
    </section>
  );
}

/** /mes-contrats/:id/retractation: the 14-day withdrawal right, in one click and a confirmation. */
export default function ContractWithdrawalPage() {
  const { id = '' } = useParams();
  const [state, replace] = useContract(id);
  const contract = state.status === 'ready' ? state.contract : undefined;
  return (
    <>
      <PageHeader
        title="Me rétracter"
        lead={contract?.withdrawUntil && contract.status !== 'withdrawn'
          ? typeset(`Vous pouvez renoncer au contrat n°\u00a0${contract.number} jusqu’au ${formatDate(contract.withdrawUntil)}, sans motif ni pénalité.`)
          : typeset('Après une souscription à distance, vous avez 14 jours pour renoncer au contrat, sans motif ni pénalité.')}
      />
      <section className="section">
        <div className="container contract-page">
          {state.status === 'loading' ? <p className="muted" role="status">Chargement de votre contrat…</p> : null}
          {state.status === 'failed' ? <p className="form-error" role="alert">{state.message}</p> : null}
          {contract?.status === 'withdrawn' ? <Withdrawn contract={contract} /> : null}
          {contract && contract.status !== 'withdrawn' && contract.actions.includes('withdraw') ? <WithdrawalForm contract={contract} onDone={replace} /> : null}
          {contract && contract.status !== 'withdrawn' && !contract.actions.includes('withdraw') ? (
            <div className="card contract-empty">
              <p>{typeset(contract.withdrawUntil
                ? `Le délai de rétractation de ce contrat a pris fin le ${formatDate(contract.withdrawUntil)} : vous pouvez le résilier.`
                : 'Ce contrat n’est pas signé : il n’y a pas de rétractation possible.')}</p>
              <Link className="btn btn-primary" to={`/resilier/${encodeURIComponent(contract.id)}`}>Résilier votre contrat</Link>
            </div>
          ) : null}
        </div>
      </section>
    </>
  );
}
