import { formatDate } from '../../lib/format';
import { formatEuros } from '../../lib/quotes';
import { rhythmLabel } from './labels';
import type { Contract, Debit } from './types';

function debitState(d: Debit): string {
  if (d.cancelled) return 'Annulé';
  return d.exported ? 'Transmis à la banque' : 'À venir';
}

/** The premium and how it is paid, then the schedule of debits. */
export function PremiumSection({ contract: c }: { contract: Contract }) {
  return (
    <section className="desk-block" aria-labelledby="prime-titre">
      <h2 id="prime-titre">Prime et échéancier</h2>
      <dl className="facts wide-facts">
        <div><dt>Prime annuelle</dt><dd><strong>{formatEuros(c.yearlyCents)}</strong> TTC, dont {formatEuros(c.taxesCents)} de taxes</dd></div>
        {c.rhythm === 'monthly' ? <div><dt>Par mois</dt><dd>{formatEuros(c.monthlyCents)}</dd></div> : null}
        <div><dt>Paiement</dt><dd>{rhythmLabel(c.rhythm)}, par prélèvement SEPA</dd></div>
        <div><dt>Franchise</dt><dd>{c.deductibleCents > 0 ? formatEuros(c.deductibleCents) : 'Aucune'}</dd></div>
      </dl>
      {c.schedule.length > 0 ? (
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
