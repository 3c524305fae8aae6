import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../lib/api';
import { shownName } from '../lib/names';
import { formatPhone } from '../features/quotes/quotes';
import { fetchRequest } from '../features/desk/api';
import { shortDateTime } from '../features/desk/dates';
import { DueBadge } from '../features/desk/due';
import { KindSection } from '../features/desk/kind-section';
import { kindPanels } from '../features/desk/kinds';
import { RequestConversation } from '../features/desk/request-conversation';
import { subjectOf } from '../features/desk/queue';
import { RequestHistory, RequestReplies } from '../features/desk/request-history';
import { RequestNotes } from '../features/desk/request-notes';
import { RequestTracking } from '../features/desk/request-tracking';
import { StaffOnly } from '../features/desk/staff-only';
import type { DeskDetail, DeskRequest } from '../features/desk/types';
import { RequestMails } from '../features/mails/request-mails';
import type { SessionUser } from '../lib/session';
import '../features/desk/desk.css';
import '../features/mails/mails.css';

type State = { status: 'loading' } | { status: 'failed'; message: string; notFound: boolean } | { status: 'ready'; detail: DeskDetail };

/** How to reach the person who sent the request, one click away. */
function ContactCard({ r }: { r: DeskRequest }) {
  return (
    <section className="card side-card" aria-labelledby="contact-titre">
      <h2 id="contact-titre">Contact</h2>
      <dl className="facts">
        <div><dt>Nom</dt><dd>{r.name ? shownName(r.name, r.email) : '—'} {r.client ? <span className="tag">Client inscrit</span> : <span className="tag">Visiteur</span>}</dd></div>
        <div><dt>E-mail</dt><dd>{r.email ? <a href={`mailto:${r.email}?subject=${encodeURIComponent(r.ref)}`}>{r.email}</a> : '—'}</dd></div>
        <div><dt>Téléphone</dt><dd>{r.phone ? <a href={`tel:${r.phone.replace(/[^\d+]/g, '')}`}>{formatPhone(r.phone)}</a> : '—'}</dd></div>
        <div><dt>Reçue le</dt><dd><time dateTime={r.createdAt}>{shortDateTime(r.createdAt)}</time></dd></div>
        <div><dt>Mise à jour</dt><dd><time dateTime={r.updatedAt}>{shortDateTime(r.updatedAt)}</time></dd></div>
      </dl>
    </section>
  );
}

/** The request page of staff, once loaded. */
function RequestView({ detail, me, version, reload }: { detail: DeskDetail; me: SessionUser; version: number; reload: () => void }) {
  const r = detail.request;
  return (
    <>
      <header className="page-header desk-header">
        <div className="container">
          <p className="back-link"><Link to="/dashboard" viewTransition>← File des demandes</Link></p>
          <h1>
            <span className={`kind-tag kind-${r.kind}`}>{r.kindLabel}</span> {r.ref}
          </h1>
          <p className="desk-header-line">
            <span className="status-pill">{r.statusLabel}</span> <DueBadge request={r} />
            <span>{[shownName(r.name, r.email), subjectOf(r)].filter(Boolean).join(' · ')}</span>
          </p>
        </div>
      </header>
      <div className="container desk-layout">
        <div className="desk-main">
          <KindSection request={r} lines={detail.lines} version={version} onChange={reload} />
          <RequestConversation request={r} />
          {kindPanels[r.kind]?.ownThread ? null : <RequestReplies replies={detail.replies} />}
          <RequestNotes id={r.id} notes={detail.notes} canAdd={detail.can.note} onChange={reload} />
          <RequestHistory history={detail.history} />
        </div>
        <aside className="desk-side" aria-label="Suivi et contact">
          <RequestTracking detail={detail} me={me.uid} onChange={reload} />
          <ContactCard r={r} />
          <RequestMails id={r.id} version={version} admin={me.role === 'admin'} />
        </aside>
      </div>
    </>
  );
}

function RequestPage({ me }: { me: SessionUser }) {
  const { id = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const load = useCallback(() => {
    fetchRequest(id)
      .then((detail) => setState({ status: 'ready', detail }))
      .catch((err: unknown) => setState({
        status: 'failed',
        message: err instanceof ApiError ? err.message : 'Erreur inattendue.',
        notFound: err instanceof ApiError && err.status === 404,
      }));
  }, [id]);
  useEffect(load, [load, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  if (state.status === 'ready') return <RequestView detail={state.detail} me={me} version={version} reload={reload} />;
  return (
    <section className="container error-screen">
      <h1>{state.status === 'failed' && state.notFound ? 'Demande introuvable' : 'Demande'}</h1>
      {state.status === 'loading' ? <p className="muted" role="status">Chargement de la demande…</p> : null}
      {state.status === 'failed' ? <p role="alert">{state.message}</p> : null}
      <p><Link to="/dashboard" viewTransition>← File des demandes</Link></p>
    </section>
  );
}

/** /dashboard/requests/:id: one request as agents and admins work on it. */
export default function DeskRequestPage() {
  return <StaffOnly>{(user) => <RequestPage me={user} />}</StaffOnly>;
}
