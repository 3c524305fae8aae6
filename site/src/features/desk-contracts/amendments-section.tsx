import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import type { Amendment, Contract } from './types';

/** The kinds' names when the server gives no label. */
export const amendmentKinds: Record<string, string> = {
  vehicle: 'Changement de véhicule',
  address: 'Changement d’adresse',
  driver: 'Changement de conducteur',
  formula: 'Changement de formule',
  bank: 'Changement de compte bancaire',
};

/** The kind of an amendment in words. */
export const kindText = (a: Amendment): string => a.kindLabel || amendmentKinds[a.kind] || 'Avenant';

/** The pro-rata adjustment: due by the client, refunded to them, or none. */
export function adjustmentText(cents: number): string {
  if (cents > 0) return `${formatEuros(cents)} à payer par le client`;
  if (cents < 0) return `${formatEuros(-cents)} à rembourser au client`;
  return 'Sans régularisation';
}

/** Where an amendment stands. */
export function amendmentStatus(a: Amendment): string {
  switch (a.status) {
    case 'draft': return 'À signer par le client';
    case 'signed': return a.signedAt ? `Signé le ${formatDate(a.signedAt)}` : 'Signé';
    case 'cancelled': return 'Annulé';
    default: return a.status;
  }
}

/** Label, before → after, as a list; nothing when empty. */
function Lines({ lines }: { lines: [string, string, string][] }) {
  if (lines.length === 0) return null;
  return <ul className="plain-list">{lines.map(([l, b, a], i) => <li key={`${l}-${i}`}>{l}&nbsp;: {b || '—'} → {a || '—'}</li>)}</ul>;
}

/** One amendment: what changes, from when, the premium, the adjustment, where it stands, who prepared it. */
function AmendmentItem({ a, n }: { a: Amendment; n: number }) {
  return (
    <li className={`amendment amendment-${a.status}`}>
      <h3 className="amendment-title">
        Avenant n°&nbsp;{n}&nbsp;: {kindText(a)}
        <span className={`tag amendment-status-${a.status}`}>{amendmentStatus(a)}</span>
      </h3>
      <dl className="facts wide-facts">
        <div><dt>À partir du</dt><dd><time dateTime={a.effectiveDate}>{formatDate(a.effectiveDate)}</time></dd></div>
        <div>
          <dt>Prime annuelle</dt>
          <dd>{formatEuros(a.yearlyCentsBefore)} → <strong>{formatEuros(a.yearlyCentsAfter)}</strong>{a.monthlyCentsAfter > 0 ? <>, soit {formatEuros(a.monthlyCentsAfter)} par mois</> : null}</dd>
        </div>
        <div><dt>Régularisation</dt><dd>{adjustmentText(a.adjustmentCents)}</dd></div>
        {a.changes.length > 0 ? <div><dt>Changements</dt><dd><Lines lines={a.changes} /></dd></div> : null}
        {a.trace.length > 0 ? <div><dt>Prix</dt><dd><Lines lines={a.trace} /></dd></div> : null}
        <div><dt>Préparé par</dt><dd>{a.createdByStaff ? 'Un conseiller, à la demande du client' : 'Le client, en ligne'}</dd></div>
      </dl>
    </li>
  );
}

/** The contract's amendments, newest first, then what staff may do (the form to prepare one). */
export function AmendmentsSection({ contract, children }: { contract: Contract; children?: ReactNode }) {
  const list = contract.amendments ?? [];
  return (
    <section className="desk-block" aria-labelledby="avenants-titre">
      <h2 id="avenants-titre">Avenants</h2>
      {list.length === 0 ? <p className="muted">Aucun avenant.</p> : (
        <ol className="amendments" reversed>
          {list.map((a, i) => <AmendmentItem key={a.id} a={a} n={a.n ?? list.length - i} />)}
        </ol>
      )}
      {children}
    </section>
  );
}
