import { company } from '../../lib/company';
import { formatDate, formatDateTime, lowerFirst, typeset } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import type { Incident, IncidentStage } from './api';

/** A day as « 17 décembre 2026 », a moment with its time. */
function when(iso: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return formatDate(iso);
  // The cover comes back at noon: « le 8 décembre 2026 à midi ».
  return formatDateTime(iso).replace(/(\s)à\s12:00$/, '$1à\u00a0midi');
}

const order: IncidentStage[] = ['open', 'notice', 'suspended', 'terminated'];
const reached = (stage: IncidentStage, step: IncidentStage) => order.indexOf(stage) >= order.indexOf(step);

/** The steps of L113-3, past ones said as done, the next ones with their date. */
function NextSteps({ i }: { i: Incident }) {
  const steps: [IncidentStage, string, string][] = [
    ['notice', `Mise en demeure envoyée le ${when(i.noticeAt)}, par lettre recommandée.`, `Le ${when(i.noticeAt)} : mise en demeure par lettre recommandée, si rien n’est payé d’ici là.`],
    ['suspended', `Garanties suspendues depuis le ${when(i.suspendAt)}.`, `Le ${when(i.suspendAt)} : suspension de vos garanties, 30 jours après la mise en demeure.`],
    ['terminated', `Contrat résilié pour non-paiement le ${when(i.terminateAt)}.`, `Le ${when(i.terminateAt)} : résiliation de votre contrat pour non-paiement.`],
  ];
  return (
    <ol className="incident-steps">
      {steps.map(([step, done, next]) => (
        <li key={step} className={reached(i.stage, step) ? 'incident-step-done' : undefined}>{typeset(reached(i.stage, step) ? done : next)}</li>
      ))}
    </ol>
  );
}

/** How to pay: the next debit once more, or a transfer with the reference. */
function HowToPay({ i }: { i: Incident }) {
  return (
    <>
      <h3>Comment régler</h3>
      {i.stage !== 'terminated' && i.representDate ? (
        <p>{typeset(`Sans rien faire : nous présenterons ce prélèvement une seconde et dernière fois le ${formatDate(i.representDate)}. Veillez à ce que votre compte soit approvisionné.`)}</p>
      ) : null}
      <p>{typeset(i.stage === 'terminated' ? 'Ce montant reste dû ; vous pouvez le régler par virement :' : i.representDate ? 'Ou dès aujourd’hui, par virement :' : 'Par virement, dès aujourd’hui :')}</p>
      <dl className="contract-facts incident-transfer">
        <div><dt>Montant</dt><dd><strong>{formatEuros(i.amountCents)}</strong></dd></div>
        <div><dt>Bénéficiaire</dt><dd>{company.fullName}</dd></div>
        <div><dt>IBAN</dt><dd className="contract-iban copyable">{i.iban}</dd></div>
        <div><dt>BIC</dt><dd className="contract-iban copyable">{i.bic}</dd></div>
        <div><dt>Référence à indiquer</dt><dd className="contract-iban copyable"><strong>{i.reference}</strong></dd></div>
      </dl>
      {i.stage === 'terminated' ? null : <p>{typeset('Dès que votre paiement nous parvient, vos garanties reprennent le lendemain à midi et vous recevez un e-mail.')}</p>}
    </>
  );
}

/**
 * A rejected debit not yet paid (L113-3): what happened, what happens
 * next and when, and how to pay. A suspended contract says so first, and
 * why; a payment received says when the cover comes back.
 */
export function IncidentNotice({ incident: i }: { incident: Incident }) {
  if (i.stage === 'closed') {
    if (!i.coverBackAt) return null;
    return (
      <p className="notice-success" role="status">
        {typeset(`Paiement reçu, merci : vos garanties reprennent le ${when(i.coverBackAt)}.`)}
      </p>
    );
  }
  const title = i.stage === 'suspended' ? 'Votre contrat est suspendu' : i.stage === 'terminated' ? 'Votre contrat est résilié pour non-paiement' : 'Un prélèvement a été rejeté';
  return (
    <section className={`notice contract-incident contract-incident-${i.stage}`} aria-labelledby="impaye-titre">
      <h2 id="impaye-titre">{title}</h2>
      <p>{typeset(`Votre banque a rejeté le prélèvement de ${formatEuros(i.amountCents)} du ${formatDate(i.dueDate)}${i.reasonLabel ? ` : ${lowerFirst(i.reasonLabel).replace(/\.$/, '')}` : ''}.`)}</p>
      {i.stage === 'suspended' ? (
        <p>{typeset('Tant que cette somme n’est pas réglée, vos garanties sont suspendues (article L113-3 du code des assurances) : un sinistre survenu pendant la suspension n’est pas couvert, et votre attestation d’assurance ne peut pas être téléchargée.')}</p>
      ) : null}
      <h3>Et ensuite&nbsp;?</h3>
      <NextSteps i={i} />
      <HowToPay i={i} />
    </section>
  );
}

/** Why the attestation and the Mémo cannot be downloaded while the contract is suspended. */
export const withheldReason = 'Indisponible tant que votre contrat est suspendu pour non-paiement\u00a0: vos garanties ne couvrent rien pendant la suspension.';
