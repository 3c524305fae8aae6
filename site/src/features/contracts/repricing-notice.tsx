import { formatDate, typeset } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import type { Repricing } from './api';

/** « +42,00 € par an » or « −12,50 € par an ». */
export function diffText(cents: number): string {
  if (cents === 0) return 'aucune, le prix ne change pas';
  return `${cents > 0 ? '+' : '\u2212'}${formatEuros(Math.abs(cents))} par an`;
}

type Change = [string, string, string];

/** The figure a trace value ends with: « 46 ans : 1,00 » gives « 1,00 ». */
function figure(value: string): string {
  const m = /[\u00a0 ]:[\u00a0 ]([^:]*)$/.exec(value);
  return m?.[1] ?? value;
}

/**
 * Whether a change leaves the price as it was: a coefficient (« × … »)
 * whose input moved but whose figure did not, as the driver's age 45 → 46
 * ans at 1,00. Shown apart, folded, so that « Ce qui a changé » lists what
 * moved the price.
 */
export function sameFactor([label, before, after]: Change): boolean {
  return label.startsWith('×') && before !== '' && after !== '' && figure(before) === figure(after);
}

function ChangeList({ changes }: { changes: Change[] }) {
  return (
    <ul>
      {changes.map(([label, before, after]) => (
        <li key={label}>{typeset(`${label} : ${before || '—'} → ${after || '—'}`)}</li>
      ))}
    </ul>
  );
}

/** What a price change shows: the price before (under its label), the new one, the difference, what changed. */
export function PriceFigures({ beforeLabel, beforeCents, afterCents, monthlyCents, changes }: {
  beforeLabel: string;
  beforeCents: number;
  afterCents: number;
  /** The new monthly debit; 0 or absent when paid yearly. */
  monthlyCents?: number;
  changes: Change[];
}) {
  const moved = changes.filter((c) => !sameFactor(c));
  const same = changes.filter(sameFactor);
  return (
    <>
      <dl className="contract-repricing-figures">
        <div><dt>{beforeLabel}</dt><dd>{formatEuros(beforeCents)} par an</dd></div>
        <div><dt>Nouveau prix</dt><dd><strong>{formatEuros(afterCents)} par an</strong>{monthlyCents ? ` (${formatEuros(monthlyCents)} par mois)` : null}</dd></div>
        <div><dt>Différence</dt><dd>{diffText(afterCents - beforeCents)}</dd></div>
      </dl>
      {moved.length > 0 ? (
        <>
          <h3>Ce qui a changé</h3>
          <ChangeList changes={moved} />
        </>
      ) : null}
      {same.length > 0 ? (
        <details className="contract-changes-same">
          <summary>{`Autres lignes recalculées, sans effet sur le prix (${same.length})`}</summary>
          <ChangeList changes={same} />
        </details>
      ) : null}
    </>
  );
}

/**
 * The premium priced again: the price chosen, the new one, the
 * difference, the answers and the lines of the trace that changed, for
 * the client to read before signing (staff read it in their premium
 * section).
 */
export function RepricingNotice({ repricing: r }: { repricing: Repricing }) {
  return (
    <section className="notice notice-warning contract-repricing" aria-labelledby="prix-recalcule">
      <h2 id="prix-recalcule">Votre prix a été recalculé</h2>
      <p>{typeset(`Une réponse qui fixe le prix a changé depuis votre demande de prix : votre contrat est tarifé pour le risque que vous nous avez décrit, au ${formatDate(r.startDate)}.`)}</p>
      <PriceFigures beforeLabel="Prix choisi" beforeCents={r.fromYearlyCents} afterCents={r.toYearlyCents} monthlyCents={r.toMonthlyCents} changes={r.changes} />
      {r.removed.length > 0 || r.added.length > 0 ? (
        <details>
          <summary>Pourquoi ce nouveau prix&nbsp;?</summary>
          <ul className="contract-trace">
            {r.removed.map((l) => <li key={`-${l}`}><del><span className="visually-hidden">Avant&nbsp;: </span>{l}</del></li>)}
            {r.added.map((l) => <li key={`+${l}`}><ins><span className="visually-hidden">Maintenant&nbsp;: </span>{l}</ins></li>)}
          </ul>
        </details>
      ) : null}
      <p>{typeset('Si ce prix ne vous convient pas, ne signez pas : rien n’est dû avant la signature.')}</p>
    </section>
  );
}
