import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../lib/api';
import { shortDateTime } from '../features/desk/dates';
import { StaffOnly } from '../features/desk/staff-only';
import { useAction } from '../features/desk/use-action';
import { fetchMail, requestOf, retryMail, type OutboxMail } from '../features/mails/api';
import { MailStatusPill } from '../features/mails/mail-status';
import { RetryConfirm } from '../features/mails/retry-confirm';
import '../features/desk/desk.css';
import '../features/mails/mails.css';

type State = { status: 'loading' } | { status: 'failed'; message: string; notFound: boolean } | { status: 'ready'; mail: OutboxMail };

function attempts(n: number): string {
  return n === 0 ? 'aucun' : String(n);
}

/** The headers and the state of a mail, as facts. */
function MailFacts({ m }: { m: OutboxMail }) {
  const request = requestOf(m);
  const when = (iso?: string) => (iso ? <time dateTime={iso}>{shortDateTime(iso)}</time> : '—');
  return (
    <dl className="facts mail-facts">
      <div><dt>De</dt><dd>{m.from}</dd></div>
      <div><dt>À</dt><dd>{m.to}</dd></div>
      <div><dt>Objet</dt><dd>{m.subject}</dd></div>
      <div><dt>État</dt><dd><MailStatusPill status={m.status} /></dd></div>
      <div><dt>Essais</dt><dd>{attempts(m.attempts)}</dd></div>
      {m.lastError ? <div><dt>Dernière erreur</dt><dd className="mail-error">{m.lastError}</dd></div> : null}
      <div><dt>Écrit le</dt><dd>{when(m.createdAt)}</dd></div>
      {m.status === 'sent' ? <div><dt>Envoyé le</dt><dd>{when(m.sentAt)}</dd></div> : null}
      {m.status === 'pending' ? <div><dt>Prochain essai</dt><dd>{when(m.nextAt)}</dd></div> : null}
      {m.status === 'pending' ? <div><dt>Essais jusqu’au</dt><dd>{when(m.expiresAt)}</dd></div> : null}
      <div><dt>Modèle</dt><dd><code>{m.template}</code></dd></div>
      {request ? <div><dt>Demande</dt><dd><Link to={`/dashboard/requests/${encodeURIComponent(request)}`} viewTransition>Ouvrir la demande</Link></dd></div> : null}
      <div><dt>Message-ID</dt><dd><code className="mail-message-id">{m.messageId}</code></dd></div>
    </dl>
  );
}

function MailView({ m, reload }: { m: OutboxMail; reload: () => void }) {
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState('');
  const [action, run] = useAction(reload);
  const confirm = async () => {
    if (await run(() => retryMail(m.id))) {
      setAsking(false);
      setDone('Le courriel est remis en file d’envoi.');
    }
  };
  return (
    <>
      <header className="page-header desk-header">
        <div className="container">
          <p className="back-link"><Link to="/dashboard/mails" viewTransition>← Courriels</Link></p>
          <h1>Courriel n°{'\u00a0'}{m.id}</h1>
          <p className="desk-header-line"><MailStatusPill status={m.status} /> <span>{m.subject}</span></p>
        </div>
      </header>
      <div className="container section mail-page">
        <p className="notice-line" role="status">{done}</p>
        {asking ? <RetryConfirm mail={m} busy={action.busy} onConfirm={() => void confirm()} onCancel={() => setAsking(false)} /> : null}
        {action.error ? <p className="form-error" role="alert">{action.error}</p> : null}
        {m.status === 'failed' && !asking ? (
          <p><button className="btn btn-primary" type="button" onClick={() => { setDone(''); setAsking(true); }}>Renvoyer</button></p>
        ) : null}
        <section className="card mail-card" aria-labelledby="mail-headers">
          <h2 id="mail-headers">En-têtes et état</h2>
          <MailFacts m={m} />
        </section>
        <section className="card mail-card" aria-labelledby="mail-text">
          <h2 id="mail-text">Texte du courriel</h2>
          <pre className="mail-text" tabIndex={0} aria-labelledby="mail-text">{m.text}</pre>
        </section>
        {/* No preview of the HTML part: a srcdoc frame inherits this page's
            Content-Security-Policy (style-src 'self'), which blocks the mail's
            inline styles, so it would show a mail the client never sees. The
            text part says the same thing, drawn from the same notice. */}
      </div>
    </>
  );
}

function MailPage() {
  const { id = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback(() => {
    fetchMail(id)
      .then((mail) => setState({ status: 'ready', mail }))
      .catch((err: unknown) => setState({
        status: 'failed',
        message: err instanceof ApiError ? err.message : 'Erreur inattendue.',
        notFound: err instanceof ApiError && err.status === 404,
      }));
  }, [id]);
  useEffect(load, [load]);
  if (state.status === 'ready') return <MailView m={state.mail} reload={load} />;
  return (
    <section className="container error-screen">
      <h1>{state.status === 'failed' && state.notFound ? 'Courriel introuvable' : 'Courriel'}</h1>
      {state.status === 'loading' ? <p className="muted" role="status">Chargement du courriel…</p> : null}
      {state.status === 'failed' ? <p role="alert">{state.message}</p> : null}
      <p><Link to="/dashboard/mails" viewTransition>← Courriels</Link></p>
    </section>
  );
}

/** /dashboard/mails/:id: one mail of the outbox, its headers, state and parts, for admins. */
export default function AdminMailPage() {
  return <StaffOnly roles={['admin']}>{() => <MailPage />}</StaffOnly>;
}
