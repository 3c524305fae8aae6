import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { myQuotesCopy as copy } from '../content/quote-form';
import { offersCopy } from '../content/offers';
import { ApiError } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { listQuotes, productTitle, summarize, type QuoteRequest } from '../features/quotes/quotes';
import { PageHeader } from '../components/page-header';
import { Illustration } from '../components/illustration';
import { QuoteOffers } from '../features/quotes/quote-offers';
import { KeptPricesList } from '../features/prices/kept-prices-list';
import './my-quotes.css';

/**
 * The label of the reply pkg/quote writes when offers are sent
 * (quote.OffersSentLabel): the offers themselves show it better.
 */
const offersSentLabel = 'Offres envoyées';

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; quotes: QuoteRequest[] };

/** Every answer of the request, and the client's message. */
function QuoteFacts({ quote }: { quote: QuoteRequest }) {
  return (
    <dl className="quote-facts">
      {summarize(quote).map((item) => (
        <div key={item.term}>
          <dt>{item.term}</dt>
          <dd>{item.detail}</dd>
        </div>
      ))}
      {quote.message ? (
        <div>
          <dt>{copy.message}</dt>
          <dd className="quote-message">{quote.message}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** What the broker wrote about the request, but the notice of the offers. */
function QuoteReplies({ quote }: { quote: QuoteRequest }) {
  const replies = quote.replies.filter((r) => r.label !== offersSentLabel);
  if (replies.length === 0) return null;
  return (
    <section className="quote-replies" aria-label={offersCopy.messages}>
      <h3>{offersCopy.messages}</h3>
      <ul>
        {replies.map((r) => (
          <li key={r.id}>
            <p className="quote-reply-head"><strong>{r.label}</strong> · <time dateTime={r.at}>{formatDateTime(r.at)}</time>{r.authorName ? ` · ${r.authorName}` : ''}</p>
            <p className="quote-message">{r.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One request: product, reference, status, the offers and the answers. */
function QuoteCard({ quote, isNew, onChange }: { quote: QuoteRequest; isNew: boolean; onChange: (q: QuoteRequest) => void }) {
  const titleId = `devis-${quote.id}`;
  const hasOffers = quote.offers.length > 0;
  return (
    <li>
      <article className={isNew ? 'card quote-card quote-card-new' : 'card quote-card'} aria-labelledby={titleId}>
        <header className="quote-card-head">
          <h2 id={titleId}>{productTitle(quote.product)}</h2>
          <p className={`quote-status quote-status-${quote.status}`}>
            <span className="visually-hidden">{copy.status}&nbsp;: </span>
            {quote.statusLabel}
          </p>
        </header>
        <p className="quote-date">
          <span className="quote-ref">{offersCopy.ref}&nbsp;: <strong>{quote.ref}</strong></span>
          <span>{copy.sentOn} <time dateTime={quote.createdAt}>{formatDateTime(quote.createdAt)}</time></span>
        </p>
        {hasOffers ? <QuoteOffers quote={quote} onChange={onChange} /> : null}
        <QuoteReplies quote={quote} />
        {hasOffers ? (
          <details className="quote-request-details">
            <summary>{offersCopy.request}</summary>
            <QuoteFacts quote={quote} />
          </details>
        ) : <QuoteFacts quote={quote} />}
      </article>
    </li>
  );
}

/** /my-quotes: the signed-in user's quote requests, newest first. */
export default function MyQuotesPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // The request just sent, from /quote-request; kept here and cleared from
  // the history entry so that a reload does not announce it again.
  const [created] = useState(() => (location.state as { created?: string } | null)?.created);
  // The prices just kept from /prix/…, announced once like a new request.
  const [keptPrices] = useState(() => (location.state as { keptPrices?: string } | null)?.keptPrices);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);

  const load = useCallback(() => {
    setState({ status: 'loading' });
    listQuotes()
      .then((quotes) => setState({ status: 'ready', quotes }))
      .catch((err: unknown) => setState({ status: 'failed', message: err instanceof ApiError ? err.message : '' }));
  }, []);

  useEffect(load, [load]);

  const replace = useCallback((q: QuoteRequest) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', quotes: s.quotes.map((x) => (x.id === q.id ? q : x)) } : s));
  }, []);

  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead}>
        {state.status === 'ready' && state.quotes.length > 0 ? (
          <Link className="btn btn-primary" to="/quote-request" viewTransition>{copy.newRequest}</Link>
        ) : null}
      </PageHeader>
      <section className="section">
        <div className="container">
          {created ? <p className="notice-success" role="status">{copy.created}</p> : null}
          {keptPrices ? <p className="notice-success" role="status">Vos prix sont gardés dans votre espace, jusqu’à la fin de leur validité.</p> : null}
          <KeptPricesList kept={keptPrices} />
          {state.status === 'loading' ? <p className="muted" role="status">{copy.loading}</p> : null}
          {state.status === 'failed' ? (
            <div className="form-error" role="alert">
              <p>{copy.failed} {state.message}</p>
              <button className="btn btn-secondary" type="button" onClick={load}>{copy.retry}</button>
            </div>
          ) : null}
          {state.status === 'ready' && state.quotes.length === 0 ? (
            <div className="card quote-empty">
              <Illustration name="empty-quotes" className="empty-illustration" />
              <h2>{copy.emptyTitle}</h2>
              <p>{copy.emptyText}</p>
              <Link className="btn btn-primary" to="/quote-request" viewTransition>{copy.newRequest}</Link>
            </div>
          ) : null}
          {state.status === 'ready' && state.quotes.length > 0 ? (
            <>
              <ul className="quote-list">
                {state.quotes.map((q) => <QuoteCard key={q.id} quote={q} isNew={q.id === created} onChange={replace} />)}
              </ul>
              <p className="muted">{copy.hoursNote}</p>
            </>
          ) : null}
        </div>
      </section>
    </>
  );
}
