import { formatDate, typeset } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import type { Amendment, AmendedContract } from './api';

/** « 36,40 € à payer », « 12,10 € remboursés », or nothing to settle. */
export function adjustmentText(cents: number): string {
  if (cents > 0) return `${formatEuros(cents)} à payer`;
  if (cents < 0) return `${formatEuros(-cents)} remboursés`;
  return 'Rien à payer ni à rembourser';
}

/** How the adjustment is settled, in a sentence. */
function settlement(a: Amendment, c: AmendedContract): string {
  const until = c.period ? ` jusqu’au ${formatDate(c.period.end)}` : '';
  if (a.adjustmentCents > 0) {
    return c.mandate
      ? `La différence pour la période restante${until} est prélevée avec le prochain prélèvement, sur le compte de votre mandat.`
      : `La différence pour la période restante${until} vous est demandée après la signature.`;
  }
  if (a.adjustmentCents < 0) return `La différence pour la période restante${until} vous est remboursée sur votre compte.`;
  return 'Ce changement ne modifie pas votre prix.';
}

/**
 * The price of a change, before anything is signed: what changes and
 * from when, the yearly premium before and after, the new monthly debit,
 * the adjustment due or refunded for the rest of the year, and « Pourquoi
 * ce changement de prix ? » with the lines of the trace that changed.
 */
export function PriceOfChange({ amendment: a, contract: c }: { amendment: Amendment; contract: AmendedContract }) {
  const diff = a.yearlyCentsAfter - a.yearlyCentsBefore;
  return (
    <section className="card contract-section amendment-price" aria-labelledby="prix-changement">
      <h2 id="prix-changement" tabIndex={-1}>Le prix de ce changement</h2>
      {a.createdByStaff && a.status === 'draft' ? <p className="notice">{typeset('Un conseiller a préparé ce changement à votre demande : vérifiez-le avant de le signer.')}</p> : null}
      <p>{typeset(`${a.kindLabel}, à partir du ${formatDate(a.effectiveDate)}.`)}</p>
      {a.changes.length > 0 ? (
        <div className="contract-table-scroll">
          <table className="amendment-changes">
            <caption>Ce qui change</caption>
            <thead><tr><th scope="col">Élément</th><th scope="col">Avant</th><th scope="col">Après</th></tr></thead>
            <tbody>
              {a.changes.map(([label, before, after]) => (
                <tr key={label}><th scope="row">{typeset(label)}</th><td>{typeset(before || '—')}</td><td><strong>{typeset(after || '—')}</strong></td></tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <dl className="contract-facts amendment-figures">
        <div><dt>Prix annuel actuel</dt><dd>{formatEuros(a.yearlyCentsBefore)} par an</dd></div>
        <div>
          <dt>Nouveau prix annuel</dt>
          <dd>
            <strong>{formatEuros(a.yearlyCentsAfter)} par an</strong>
            {c.rhythm === 'monthly' && a.monthlyCentsAfter > 0 ? ` (${formatEuros(a.monthlyCentsAfter)} par mois)` : null}
            {diff !== 0 ? <span className="muted"> · {diff > 0 ? '+' : '\u2212'}{formatEuros(Math.abs(diff))} par an</span> : null}
          </dd>
        </div>
        <div><dt>Ajustement</dt><dd><strong>{adjustmentText(a.adjustmentCents)}</strong></dd></div>
      </dl>
      <p>{typeset(settlement(a, c))}</p>
      {a.trace.length > 0 ? (
        <details className="amendment-trace">
          <summary>Pourquoi ce changement de prix&nbsp;?</summary>
          <div className="contract-table-scroll">
            <table>
              <caption className="visually-hidden">Les lignes du calcul qui changent</caption>
              <thead><tr><th scope="col">Ligne du calcul</th><th scope="col">Avant</th><th scope="col">Après</th></tr></thead>
              <tbody>
                {a.trace.map(([label, before, after], i) => (
                  <tr key={i}>
                    <th scope="row">{typeset(label)}</th>
                    <td>{before ? <del>{typeset(before)}</del> : '—'}</td>
                    <td>{after ? <ins>{typeset(after)}</ins> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </section>
  );
}
