import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { formatDate, formatDateTime, typeset } from '../lib/format';
import { formatEuros } from '../features/quotes/quotes';
import type { Contract } from '../features/contracts/api';
import { addressText, ContractDocuments, offerText, preNotification, premiumText, ScheduleTable, StatusBadge, vehicleText } from '../features/contracts/contract-parts';
import { IncidentNotice, withheldReason } from '../features/contracts/payment-incident';
import { PaymentsTable, paymentsCaption } from '../features/contracts/payments-table';
import { ProofsSection } from '../features/contracts/proofs-section';
import { RenewalLine, RenewalNotice } from '../features/contracts/renewal-notice';
import { useContract } from '../features/contracts/use-contract';
import { ContractLoad } from '../features/contracts/contract-load';
import { amendable } from '../features/amendments/amendable';
import '../features/contracts/contracts.css';

/** The contract's terms: offer, dates, price, holder, vehicle. */
function Terms({ contract }: { contract: Contract }) {
  const h = contract.holder;
  const vehicle = vehicleText(contract);
  return (
    <section className="card contract-section" aria-labelledby="conditions-titre">
      <h2 id="conditions-titre">Mon contrat</h2>
      <dl className="contract-facts">
        <div><dt>Offre</dt><dd>{offerText(contract)}</dd></div>
        <div><dt>Début</dt><dd>{formatDate(contract.startDate)}</dd></div>
        <div><dt>Prix</dt><dd>{premiumText(contract)}, dont {formatEuros(contract.taxesCents)} de taxes</dd></div>
        {contract.deductibleCents > 0 ? <div><dt>Franchise</dt><dd>{formatEuros(contract.deductibleCents)}</dd></div> : null}
        <div><dt>Souscripteur</dt><dd>{h.name}, {addressText(h)}</dd></div>
        {vehicle ? <div><dt>Véhicule</dt><dd>{vehicle}</dd></div> : null}
        {contract.signedAt ? <div><dt>Signé le</dt><dd>{formatDateTime(contract.signedAt)}</dd></div> : null}
        {contract.provisionalUntil ? <div><dt>Couverture provisoire</dt><dd>jusqu’au {formatDate(contract.provisionalUntil)}</dd></div> : null}
        {contract.period ? <div><dt>Année en cours</dt><dd>du {formatDate(contract.period.start)} au {formatDate(contract.period.end)}</dd></div> : null}
      </dl>
      <RenewalLine contract={contract} />
    </section>
  );
}

/** Where the contract ends, when a cancellation or a withdrawal was asked. */
function EndingNotice({ contract }: { contract: Contract }) {
  const e = contract.ending;
  if (!e) return null;
  if (contract.status === 'withdrawn') {
    return (
      <p className="notice">
        {typeset(`Vous vous êtes rétracté le ${formatDate(e.askedAt)}. Prime due pour la période couverte : ${formatEuros(e.dueCents)} ; remboursement : ${formatEuros(e.refundCents)}.`)}
      </p>
    );
  }
  return (
    <section className="notice contract-ending" aria-labelledby="resiliation-titre">
      <h2 id="resiliation-titre">{contract.status === 'cancelled' ? 'Contrat résilié' : 'Résiliation demandée'}</h2>
      <dl className="contract-facts">
        <div><dt>Demandée le</dt><dd>{formatDate(e.askedAt)}</dd></div>
        <div><dt>Fin du contrat</dt><dd><strong>{formatDate(e.date)}</strong></dd></div>
        <div><dt>Statut</dt><dd>{contract.statusLabel}</dd></div>
      </dl>
      {contract.status === 'cancel_requested' ? <p>{typeset('Vous restez couvert jusqu’à cette date ; les prélèvements prévus après elle sont annulés.')}</p> : null}
    </section>
  );
}

/** What the client may do now: sign, withdraw, cancel (the cancellation link is there until one is filed, which EndingNotice shows instead). */
function Actions({ contract }: { contract: Contract }) {
  const here = `/mes-contrats/${encodeURIComponent(contract.id)}`;
  return (
    <div className="contract-card-links contract-page-actions">
      {contract.actions.includes('sign') ? <Link className="btn btn-primary" to={`${here}/signature`}>Lire mes documents et signer</Link> : null}
      {contract.actions.includes('withdraw') && contract.withdrawUntil ? (
        <Link className="btn btn-secondary" to={`${here}/retractation`}>
          Me rétracter (jusqu’au {formatDate(contract.withdrawUntil)})
        </Link>
      ) : null}
      {amendable(contract) ? <Link className="btn btn-secondary" to={`${here}/modifier`}>Modifier mon contrat</Link> : null}
      {contract.status !== 'pending_signature' ? (
        <Link className="btn btn-secondary" to={`/sinistres/declarer?contrat=${encodeURIComponent(contract.id)}`}>
          Déclarer un sinistre<span className="visually-hidden"> sur ce contrat</span>
        </Link>
      ) : null}
      {contract.ending ? null : <Link className="card-link" to={`/resilier/${encodeURIComponent(contract.id)}`}>Résilier votre contrat</Link>}
    </div>
  );
}

/** A suspended contract the server tells no incident of: why, in general terms. */
function SuspendedNotice() {
  return (
    <section className="notice contract-incident contract-incident-suspended" aria-labelledby="impaye-titre">
      <h2 id="impaye-titre">Votre contrat est suspendu</h2>
      <p>{typeset('Une prime n’a pas été payée : vos garanties sont suspendues (article L113-3 du code des assurances) et votre attestation d’assurance ne peut pas être téléchargée. Contactez-nous pour la régler ; vos garanties reprennent le lendemain à midi du paiement.')}</p>
    </section>
  );
}

/** The debits with their status once signed (the schedule before), and the SEPA mandate, its IBAN masked. */
function Payments({ contract }: { contract: Contract }) {
  if (contract.schedule.length === 0 && !contract.mandate && !contract.payments?.length) return null;
  const payments = contract.mandate ? contract.payments : undefined;
  return (
    <section className="card contract-section" aria-labelledby="paiements-titre">
      <h2 id="paiements-titre">{payments?.length ? 'Mes échéances' : 'Mes prélèvements'}</h2>
      {contract.mandate ? (
        <dl className="contract-facts">
          <div><dt>Mandat SEPA</dt><dd>{contract.mandate.rum}</dd></div>
          <div><dt>Titulaire</dt><dd>{contract.mandate.holder}</dd></div>
          <div><dt>IBAN</dt><dd className="contract-iban">{contract.mandate.iban}</dd></div>
        </dl>
      ) : null}
      {payments?.length ? (
        <PaymentsTable payments={payments} caption={paymentsCaption(contract.startDate, contract.period?.start)} />
      ) : contract.schedule.length > 0 ? (
        <ScheduleTable schedule={contract.schedule} caption={contract.mandate ? 'Échéancier de la première année' : 'Échéancier prévu, après la signature'} />
      ) : null}
      {contract.mandate ? <p className="muted">{preNotification}</p> : null}
    </section>
  );
}

/** What happened to the contract, newest last. */
function History({ contract }: { contract: Contract }) {
  if (contract.history.length === 0) return null;
  return (
    <section className="card contract-section" aria-labelledby="historique-titre">
      <h2 id="historique-titre">Historique</h2>
      <ol className="contract-history">
        {contract.history.map((h, i) => (
          <li key={i}>
            <time dateTime={h.at}>{formatDateTime(h.at)}</time>
            <span>{typeset(h.detail)}</span>
            <span className="muted">{h.actorName}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /mes-contrats/:id: one contract, its documents, justificatifs, payments and history, and what may be done. */
export default function ContractPage() {
  const { id = '' } = useParams();
  const [state, replace] = useContract(id);
  const location = useLocation();
  const contract = state.status === 'ready' ? state.contract : undefined;
  // « Envoyer mes justificatifs » leads here: once loaded, the section takes the focus.
  useEffect(() => {
    if (contract && location.hash) document.getElementById(location.hash.slice(1))?.focus();
  }, [contract?.id, location.hash]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <PageHeader
        title={contract ? <>Contrat n°&nbsp;<span className="nowrap">{contract.number}</span></> : 'Mon contrat'}
        lead={contract ? `${contract.productLabel}, ${offerText(contract)}` : typeset('Ses documents, vos justificatifs, vos prélèvements et son historique.')}
      >
        {contract ? <StatusBadge contract={contract} /> : null}
      </PageHeader>
      <section className="section">
        <div className="container contract-page">
          <ContractLoad state={state} />
          {contract ? (
            <>
              <EndingNotice contract={contract} />
              {contract.incident ? <IncidentNotice incident={contract.incident} /> : contract.status === 'suspended' ? <SuspendedNotice /> : null}
              <Actions contract={contract} />
              <Terms contract={contract} />
              <RenewalNotice contract={contract} />
              <ProofsSection contract={contract} onChange={replace} />
              <section className="card contract-section" aria-labelledby="documents-titre">
                <h2 id="documents-titre">Mes documents</h2>
                <ContractDocuments documents={contract.documents} signedAt={contract.signedAt} headingLevel={2}
                  withheld={contract.status === 'suspended' ? withheldReason : undefined} />
              </section>
              <Payments contract={contract} />
              <History contract={contract} />
              <p><Link to="/mes-contrats">Tous mes contrats</Link></p>
            </>
          ) : null}
        </div>
      </section>
    </>
  );
}
