import { formatDate } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import { rhythmLabel } from './labels';
import type { Contract, Debit, Payment } from './types';

function debitState(d: Debit): string {
  if (d.cancelled) return 'Annulé';
  return d.exported ? 'Transmis à la banque' : 'À venir';
}

/** The premium priced again at subscription: from, to, and what changed. */
function Repriced({ r }: { r: NonNullable<Contract['risk']['repricing']> }) {
  const sign = r.diffYearlyCents > 0 ? '+' : r.diffYearlyCents < 0 ? '\u2212' : '';
  return (
    <div>
      <dt>Prix recalculé</dt>
      <dd>
        {formatEuros(r.fromYearlyCents)} → <strong>{formatEuros(r.toYearlyCents)}</strong> par an ({sign}{formatEuros(Math.abs(r.diffYearlyCents))})
        {r.changes.length > 0 ? <ul className="plain-list">{r.changes.map(([l, b, a]) => <li key={l}>{l}&nbsp;: {b || '—'} → {a || '—'}</li>)}</ul> : <> au tarif du {formatDate(r.startDate)}</>}
      </dd>
    </div>
  );
}

/** Every debit of every year with where it stands (« Payé », « Rejeté » and the bank's reason…). */
function PaymentsTable({ payments }: { payments: Payment[] }) {
  return (
    <div className="counts-wrap">
      <table className="counts-table schedule-table">
        <caption>Échéances</caption>
        <thead><tr><th scope="col">N°</th><th scope="col">Date</th><th scope="col">Montant</th><th scope="col">État</th></tr></thead>
        <tbody>
          {payments.map((p, n) => (
            <tr key={`${p.dueDate}-${n}`} className={p.status === 'rejected' ? 'debit-rejected' : undefined}>
              <th scope="row">{p.seq ?? n + 1}</th>
              <td><time dateTime={p.dueDate}>{formatDate(p.dueDate)}</time>{p.represents ? <> (nouvelle présentation du n°&nbsp;{p.represents})</> : null}</td>
              <td>{formatEuros(p.amountCents)}</td>
              <td>{p.statusLabel}{p.reasonLabel ? <> ({p.reasonCode ? `${p.reasonCode} : ` : ''}{p.reasonLabel})</> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The premium and how it is paid, then the schedule of debits, with their status once the server gives it. */
export function PremiumSection({ contract: c }: { contract: Contract }) {
  return (
    <section className="desk-block" aria-labelledby="prime-titre">
      <h2 id="prime-titre">Prime et échéancier</h2>
      <dl className="facts wide-facts">
        <div><dt>Prime annuelle</dt><dd><strong>{formatEuros(c.yearlyCents)}</strong> TTC, dont {formatEuros(c.taxesCents)} de taxes</dd></div>
        {c.rhythm === 'monthly' ? <div><dt>Par mois</dt><dd>{formatEuros(c.monthlyCents)}</dd></div> : null}
        <div><dt>Paiement</dt><dd>{rhythmLabel(c.rhythm)}, par prélèvement SEPA</dd></div>
        <div><dt>Franchise</dt><dd>{c.deductibleCents > 0 ? formatEuros(c.deductibleCents) : 'Aucune'}</dd></div>
        {c.risk.repricing ? <Repriced r={c.risk.repricing} /> : null}
      </dl>
      {c.payments?.length ? <PaymentsTable payments={c.payments} /> : c.schedule.length > 0 ? (
        <div className="counts-wrap">
          <table className="counts-table schedule-table">
            <caption>{c.signedAt ? 'Échéancier' : 'Échéancier prévu (avant signature)'}</caption>
            <thead><tr><th scope="col">N°</th><th scope="col">Date</th><th scope="col">Montant</th><th scope="col">État</th></tr></thead>
            <tbody>
              {c.schedule.map((d) => (
                <tr key={d.seq} className={d.cancelled ? 'debit-cancelled' : undefined}>
                  <th scope="row">{d.seq}</th>
                  <td><time dateTime={d.date}>{formatDate(d.date)}</time></td>
                  <td>{formatEuros(d.amountCents)}</td>
                  <td>{debitState(d)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
