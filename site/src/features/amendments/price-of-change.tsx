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
 * Lines of label, before and after, as a list that reads at 375 px as
 * well as wide: « Avant : … », « Après : … » under each label; marked
 * strikes what goes and stresses what comes.
 */
function BeforeAfter({ lines, className, marked }: { lines: [string, string, string][]; className: string; marked?: boolean }) {
  return (
    <dl className={`amendment-lines ${className}`}>
      {lines.map(([label, before, after], i) => (
        <div key={i}>
          <dt>{typeset(label)}</dt>
          <dd>Avant&nbsp;: {before ? (marked ? <del>{typeset(before)}</del> : typeset(before)) : '—'}</dd>
          <dd>Après&nbsp;: {after ? (marked ? <ins>{typeset(after)}</ins> : <strong>{typeset(after)}</strong>) : '—'}</dd>
        </div>
      ))}
    </dl>
  );
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
        <>
          <h3>Ce qui change</h3>
          <BeforeAfter lines={a.changes} className="amendment-changes" />
        </>
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
          <p className="muted">{typeset('Les lignes du calcul de votre prix que ce changement modifie :')}</p>
          <BeforeAfter lines={a.trace} className="amendment-trace-lines" marked />
        </details>
      ) : null}
    </section>
  );
}
