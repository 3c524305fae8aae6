import { useEffect, useRef, useState } from 'react';
import { formatDate, formatDateTime } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import { PaymentForm } from './payment-form';
import type { Contract, Incident } from './types';

/** A day as « 17 décembre 2026 », a moment with its time. */
const when = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatDate(iso) : formatDateTime(iso));

/** The stages in which a payment ends the incident. */
const payable = new Set<Incident['stage']>(['open', 'notice', 'suspended']);

/** What staff read of an incident: the debit, why, the transfer's reference, its clocks until it closes. */
function IncidentFacts({ i }: { i: Incident }) {
  return (
    <dl className="facts wide-facts">
      <div><dt>Étape</dt><dd><strong>{i.stageLabel}</strong></dd></div>
      <div><dt>Prélèvement rejeté</dt><dd>{formatEuros(i.amountCents)} du {formatDate(i.dueDate)}</dd></div>
      {i.reasonLabel ? <div><dt>Motif de la banque</dt><dd>{i.reasonLabel}</dd></div> : null}
      <div><dt>Référence du virement</dt><dd className="mono">{i.reference}</dd></div>
      {i.representDate && i.stage !== 'closed' ? <div><dt>Nouvelle présentation</dt><dd>{formatDate(i.representDate)}</dd></div> : null}
      {i.stage === 'closed' ? null : (
        <>
          <div><dt>Mise en demeure</dt><dd>{when(i.noticeAt)}</dd></div>
          <div><dt>Suspension</dt><dd>{when(i.suspendAt)}</dd></div>
          <div><dt>Résiliation</dt><dd>{when(i.terminateAt)}</dd></div>
        </>
      )}
      {i.coverBackAt ? <div><dt>Garanties rétablies</dt><dd>{when(i.coverBackAt)}</dd></div> : null}
    </dl>
  );
}

/**
 * « Impayé »: the contract's rejected debit, where its L113-3 clocks
 * stand, and the form that records the client's payment, which ends it.
 * Nothing when the contract has no incident.
 */
export function IncidentSection({ contract: c, onChange }: { contract: Contract; onChange: (c: Contract) => void }) {
  const [done, setDone] = useState('');
  const said = useRef<HTMLParagraphElement>(null);
  // The form goes once the payment is recorded: the focus goes to what says so.
  useEffect(() => {
    if (done) said.current?.focus();
  }, [done]);
  const i = c.incident;
  if (!i && !done) return null;
  return (
    <section className="desk-block incident-block" aria-labelledby="impaye-titre">
      <h2 id="impaye-titre">{i?.stage === 'closed' || !i ? 'Impayé réglé' : 'Impayé'}</h2>
      {i ? <IncidentFacts i={i} /> : null}
      <p className="notice-line" role="status" tabIndex={-1} ref={said}>{done}</p>
      {i && payable.has(i.stage) ? (
        <PaymentForm contract={c} dueCents={i.amountCents} onRecorded={(updated, message) => { setDone(message); onChange(updated); }} />
      ) : null}
    </section>
  );
}
