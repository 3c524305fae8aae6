import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, typeset } from '../../lib/format';
import { formatEuros } from '../../lib/format';
import type { Price, PriceQuote } from './api';
import { productPaths } from '../../content/paths';

/** How many guarantees a card lists before it points to the IPID. */
const shownGuarantees = 5;

/** The price as it is paid: per month and per year, or for the whole period. */
function PriceAmount({ price }: { price: Price }) {
  if (price.monthlyCents > 0) {
    return (
      <div className="price-amount">
        <p className="price-main"><strong>{formatEuros(price.monthlyCents)}</strong> par mois</p>
        <p>ou <strong>{formatEuros(price.yearlyCents)}</strong> par an</p>
      </div>
    );
  }
  return (
    <div className="price-amount">
      <p className="price-main"><strong>{formatEuros(price.yearlyCents)}</strong> pour {price.periodDays}&nbsp;{price.periodDays > 1 ? 'jours' : 'jour'}</p>
      <p>payé en une fois</p>
    </div>
  );
}

/** The main deductible, and the others. */
function Deductibles({ price }: { price: Price }) {
  if (price.deductibles.length === 0) {
    return <p className="price-deductible">Franchise&nbsp;: {price.deductibleCents > 0 ? formatEuros(price.deductibleCents) : 'aucune'}</p>;
  }
  return (
    <ul className="price-deductibles" aria-label="Franchises">
      {price.deductibles.map((d) => (
        <li key={d.id}>Franchise {d.label.toLowerCase()}&nbsp;: <strong>{formatEuros(d.cents)}</strong></li>
      ))}
    </ul>
  );
}

interface PriceCardProps {
  price: Price;
  product: PriceQuote['product'];
  recommended: boolean;
  chosen: boolean;
  onChoose?: (id: string) => void;
  /** Where « Souscrire » leads, for kept prices. */
  subscribeHref?: string;
}

/** One insurer's price for one formula: amounts, deductibles, guarantees, why this price, the IPID. */
export function PriceCard({ price, product, recommended, chosen, onChoose, subscribeHref }: PriceCardProps) {
  const titleId = `prix-carte-${price.id}`;
  const more = price.guarantees.length - shownGuarantees;
  const className = ['card', 'price-card', recommended ? 'price-card-recommended' : '', chosen ? 'price-card-chosen' : ''].filter(Boolean).join(' ');
  return (
    <article className={className} aria-labelledby={titleId}>
      {recommended ? <p className="price-badge">Recommandé pour vous</p> : null}
      <h3 id={titleId}>
        <span className="price-formula">{price.formula}</span>
        <span className="price-insurer">{price.insurer}</span>
      </h3>
      <PriceAmount price={price} />
      <p className="price-taxes">Taxes comprises, dont {formatEuros(price.taxesCents)} de taxes et contributions</p>
      <Deductibles price={price} />
      <h4 className="price-subtitle">Garanties principales</h4>
      <ul className="price-guarantees">
        {price.guarantees.slice(0, shownGuarantees).map((g) => <li key={g}>{typeset(g)}</li>)}
      </ul>
      {more > 0 ? <p className="price-more">Et {more}&nbsp;{more > 1 ? 'autres garanties' : 'autre garantie'}, dans le document d’information.</p> : null}
      {price.options?.length ? <p className="price-options">Options comprises&nbsp;: {price.options.join(', ')}</p> : null}
      <details className="price-trace">
        <summary>Pourquoi ce prix&nbsp;?</summary>
        <ol>
          {price.trace.map((line, i) => <li key={i}>{typeset(line)}</li>)}
        </ol>
      </details>
      <p className="price-ipid">
        <Link to={`${productPaths[product].ipid}#${price.formulaId}`}>
          Document d’information (IPID) de la formule {price.formula}
        </Link>
      </p>
      {onChoose ? (
        <button type="button" className={chosen ? 'btn btn-primary price-choose' : 'btn btn-secondary price-choose'} aria-pressed={chosen} onClick={() => onChoose(price.id)}>
          {chosen ? 'Offre choisie' : 'Je choisis cette offre'}
          <span className="visually-hidden">&nbsp;: {price.formula} chez {price.insurer}</span>
        </button>
      ) : null}
      {subscribeHref ? (
        <Link className={chosen || recommended ? 'btn btn-primary price-choose' : 'btn btn-secondary price-choose'} to={subscribeHref}>
          Souscrire<span className="visually-hidden">&nbsp;: {price.formula} chez {price.insurer}</span>
        </Link>
      ) : null}
    </article>
  );
}

/** The formulas of a set of prices, in their order, once each. */
function formulasOf(prices: Price[]): { id: string; label: string }[] {
  const seen = new Map<string, { id: string; label: string; rank: number }>();
  for (const p of prices) if (!seen.has(p.formulaId)) seen.set(p.formulaId, { id: p.formulaId, label: p.formula, rank: p.rank });
  return [...seen.values()].sort((a, b) => a.rank - b.rank);
}

/** The filter by formula: radio buttons shown as segments, moved through with the arrows. */
function FormulaFilter({ formulas, value, onChange }: { formulas: { id: string; label: string }[]; value: string; onChange: (v: string) => void }) {
  const options = [{ id: 'toutes', label: 'Toutes les formules' }, ...formulas];
  return (
    <fieldset className="price-filter">
      <legend>Afficher</legend>
      <div className="price-segments">
        {options.map((o) => (
          <label key={o.id} className="price-segment">
            <input type="radio" name="prix-formule" value={o.id} checked={value === o.id} onChange={() => onChange(o.id)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface PriceCardsProps {
  quote: PriceQuote;
  chosen?: string;
  onChoose?: (id: string) => void;
  /** Where « Souscrire » leads for a price, when the prices are kept. */
  subscribeHref?: (p: Price) => string;
}

/**
 * The prices side by side: the advice and its reason above, a filter by
 * formula, a card per insurer and formula, then what the prices are worth
 * (indicative, until when) and the notes.
 */
export function PriceCards({ quote, chosen, onChoose, subscribeHref }: PriceCardsProps) {
  const [formula, setFormula] = useState('toutes');
  const formulas = formulasOf(quote.prices);
  const shown = formula === 'toutes' ? quote.prices : quote.prices.filter((p) => p.formulaId === formula);
  return (
    <div className="price-results">
      {quote.recommended ? (
        <p className="price-advice"><strong>Notre conseil&nbsp;:</strong> {typeset(quote.recommended.reason)}</p>
      ) : null}
      <p className="price-validity">
        Prix valables jusqu’au <time dateTime={quote.validUntil}>{formatDate(quote.validUntil)}</time>. {quote.disclaimer}
      </p>
      {formulas.length > 1 ? <FormulaFilter formulas={formulas} value={formula} onChange={setFormula} /> : null}
      <p className="visually-hidden" role="status">{`${shown.length} ${shown.length > 1 ? 'prix affichés' : 'prix affiché'}`}</p>
      <ul className="price-grid">
        {shown.map((p) => (
          <li key={p.id}>
            <PriceCard price={p} product={quote.product} recommended={quote.recommended?.id === p.id} chosen={chosen === p.id} onChoose={onChoose} subscribeHref={subscribeHref?.(p)} />
          </li>
        ))}
      </ul>
      {quote.notes?.length ? (
        <ul className="price-notes" aria-label="À savoir">
          {quote.notes.map((n) => <li key={n}>{n}</li>)}
        </ul>
      ) : null}
    </div>
  );
}
