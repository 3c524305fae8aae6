import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { formatEuros } from '../../lib/format';
import { listKeptPrices, type Price, type PriceQuote } from './api';
import { loadPriceProducts, priceProduct } from './rates';
import { subscribePath } from '../../content/paths';
import './prices.css';

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; quotes: PriceQuote[] };

function priceText(p: Price): string {
  return p.monthlyCents > 0 ? `${formatEuros(p.monthlyCents)} par mois (${formatEuros(p.yearlyCents)} par an)` : `${formatEuros(p.yearlyCents)} pour ${p.periodDays}\u00a0jours`;
}

/** One kept set of prices: product, date, validity, the chosen or recommended formula and its price. */
function KeptItem({ quote, isNew }: { quote: PriceQuote; isNew: boolean }) {
  const chosen = quote.prices.find((p) => p.id === quote.chosen);
  const recommended = quote.prices.find((p) => p.id === quote.recommended?.id);
  const shown = chosen ?? recommended ?? quote.prices[0];
  const titleId = `prix-garde-${quote.id}`;
  const expired = quote.validUntil < new Date().toISOString().slice(0, 10);
  return (
    <li>
      <article className={isNew ? 'card quote-card quote-card-new' : 'card quote-card'} aria-labelledby={titleId}>
        <h3 id={titleId}>{priceProduct(quote.product).label}</h3>
        <p className="quote-date">
          {quote.keptAt ? <span>Gardés le <time dateTime={quote.keptAt}>{formatDateTime(quote.keptAt)}</time> · </span> : null}
          <span>Valables jusqu’au <time dateTime={quote.validUntil}>{formatDate(quote.validUntil)}</time></span>
        </p>
        {shown ? (
          <p>
            {chosen ? 'Votre choix' : 'Notre conseil'}&nbsp;: <strong>{shown.formula}</strong> chez {shown.insurer}, {priceText(shown)}
          </p>
        ) : null}
        <p className="kept-links">
          {shown && !expired ? (
            <Link className="btn btn-primary" to={subscribePath(shown.id)}>
              Souscrire<span className="visually-hidden">&nbsp;: {shown.formula} chez {shown.insurer}</span>
            </Link>
          ) : null}
          <Link to={`/mes-prix?id=${encodeURIComponent(quote.id)}`}>
            Revoir ces prix<span className="visually-hidden"> ({priceProduct(quote.product).label})</span>
          </Link>
        </p>
      </article>
    </li>
  );
}

/** « Mes devis »: the instant prices the client kept, above the requests on study. */
export function KeptPricesList({ kept }: { kept?: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    listKeptPrices()
      .then(async (quotes) => {
        await loadPriceProducts(quotes.map((q) => q.product));
        return quotes;
      })
      .then((quotes) => live && setState({ status: 'ready', quotes }))
      .catch((err: unknown) => live && setState({ status: 'failed', message: err instanceof ApiError ? err.message : '' }));
    return () => {
      live = false;
    };
  }, []);
  if (state.status === 'loading') return null;
  if (state.status === 'failed') return <p className="form-error" role="alert">Vos prix gardés n’ont pas pu être chargés. {state.message}</p>;
  if (state.quotes.length === 0) return null;
  return (
    <section className="kept-prices" aria-labelledby="mes-prix-gardes">
      <h2 id="mes-prix-gardes">Mes prix en ligne</h2>
      <ul className="quote-list">
        {state.quotes.map((q) => <KeptItem key={q.id} quote={q} isNew={q.id === kept} />)}
      </ul>
    </section>
  );
}
