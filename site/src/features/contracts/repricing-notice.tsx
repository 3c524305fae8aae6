import { formatDate, typeset } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import type { Repricing } from './api';

/** « +42,00 € par an » or « −12,50 € par an ». */
export function diffText(cents: number): string {
  if (cents === 0) return 'aucune, le prix ne change pas';
  return `${cents > 0 ? '+' : '\u2212'}${formatEuros(Math.abs(cents))} par an`;
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
      <dl className="contract-repricing-figures">
        <div><dt>Prix choisi</dt><dd>{formatEuros(r.fromYearlyCents)} par an</dd></div>
        <div><dt>Nouveau prix</dt><dd><strong>{formatEuros(r.toYearlyCents)} par an</strong>{r.toMonthlyCents > 0 ? ` (${formatEuros(r.toMonthlyCents)} par mois)` : null}</dd></div>
        <div><dt>Différence</dt><dd>{diffText(r.diffYearlyCents)}</dd></div>
      </dl>
      {r.changes.length > 0 ? (
        <>
          <h3>Ce qui a changé</h3>
          <ul>
            {r.changes.map(([label, before, after]) => (
              <li key={label}>{typeset(`${label} : ${before || '—'} → ${after || '—'}`)}</li>
            ))}
          </ul>
        </>
      ) : null}
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
