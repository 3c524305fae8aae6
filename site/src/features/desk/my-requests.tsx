import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { productTitle } from '../quotes/quotes';
import { fetchMyRequests } from './api';
import type { ClientRequest } from './types';

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; requests: ClientRequest[] };

/** One request as its client reads it: reference, kind, status, date, and what was answered. */
function MyRequest({ r }: { r: ClientRequest }) {
  const subject = r.product ? productTitle(r.product) : r.summary;
  return (
    <li className="card my-request">
      <header className="my-request-head">
        <h3>
          <span className={`kind-tag kind-${r.kind}`}>{r.kindLabel}</span> {subject || r.ref}
        </h3>
        <p className={r.open ? 'status-pill' : 'status-pill status-done'}>
          <span className="visually-hidden">Statut&nbsp;: </span>{r.statusLabel}
        </p>
      </header>
      <p className="muted my-request-meta">
        Référence <strong>{r.ref}</strong> · envoyée le <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
      </p>
      {r.replies.length > 0 ? (
        <ol className="reply-list" aria-label="Nos réponses">
          {r.replies.map((a) => (
            <li key={a.id} className="reply">
              <p className="note-meta"><strong>{a.label}</strong> · <time dateTime={a.at}>{formatDateTime(a.at)}</time></p>
              <p className="note-body">{a.body}</p>
            </li>
          ))}
        </ol>
      ) : r.open ? <p className="muted">Nous vous répondons dès que possible.</p> : null}
      {r.page ? <Link className="card-link" to={r.page.path} viewTransition>{r.page.label}</Link> : null}
    </li>
  );
}

/** « Mes demandes »: the client's requests of every kind, newest first, with our answers. */
export function MyRequests() {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    fetchMyRequests().then(
      (requests) => setState({ status: 'ready', requests }),
      (err: unknown) => setState({ status: 'failed', message: err instanceof ApiError ? err.message : '' }),
    );
  }, []);
  return (
    <section className="section container my-requests-section" aria-labelledby="mes-demandes">
      <h2 id="mes-demandes">Mes demandes</h2>
      {state.status === 'loading' ? <p className="muted" role="status">Chargement de vos demandes…</p> : null}
      {state.status === 'failed' ? <p className="form-error" role="alert">Vos demandes n’ont pas pu être chargées. {state.message}</p> : null}
      {state.status === 'ready' && state.requests.length === 0 ? (
        <p>Vous n’avez encore envoyé aucune demande. <Link to="/quote-request" viewTransition>Demander un devis</Link> ou <Link to="/contact" viewTransition>nous contacter</Link>.</p>
      ) : null}
      {state.status === 'ready' && state.requests.length > 0 ? (
        <ul className="my-requests">{state.requests.map((r) => <MyRequest key={r.id} r={r} />)}</ul>
      ) : null}
    </section>
  );
}
