import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { myQuotesCopy as copy } from '../content/quote-form';
import { api, ApiError } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { productTitle, summarize, type QuoteRequest } from '../lib/quotes';
import { PageHeader } from '../components/page-header';
import './my-quotes.css';

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; quotes: QuoteRequest[] };

/** One request: product, date, status and the key answers. */
function QuoteCard({ quote, isNew }: { quote: QuoteRequest; isNew: boolean }) {
  const titleId = `devis-${quote.id}`;
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
          {copy.sentOn} <time dateTime={quote.createdAt}>{formatDateTime(quote.createdAt)}</time>
        </p>
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
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);

  const load = useCallback(() => {
    setState({ status: 'loading' });
    api<{ quotes: QuoteRequest[] }>('GET', '/api/quotes')
      .then((res) => setState({ status: 'ready', quotes: res.quotes }))
      .catch((err: unknown) => setState({ status: 'failed', message: err instanceof ApiError ? err.message : '' }));
  }, []);

  useEffect(load, [load]);

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
          {state.status === 'loading' ? <p className="muted" role="status">{copy.loading}</p> : null}
          {state.status === 'failed' ? (
            <div className="form-error" role="alert">
              <p>{copy.failed} {state.message}</p>
              <button className="btn btn-secondary" type="button" onClick={load}>{copy.retry}</button>
            </div>
          ) : null}
          {state.status === 'ready' && state.quotes.length === 0 ? (
            <div className="card quote-empty">
              <h2>{copy.emptyTitle}</h2>
              <p>{copy.emptyText}</p>
              <Link className="btn btn-primary" to="/quote-request" viewTransition>{copy.newRequest}</Link>
            </div>
          ) : null}
          {state.status === 'ready' && state.quotes.length > 0 ? (
            <>
              <ul className="quote-list">
                {state.quotes.map((q) => <QuoteCard key={q.id} quote={q} isNew={q.id === created} />)}
              </ul>
              <p className="muted">{copy.hoursNote}</p>
            </>
          ) : null}
        </div>
      </section>
    </>
  );
}
