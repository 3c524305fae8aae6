import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { shortDateTime } from '../desk/dates';
import { fetchRequestMails, type OutboxMail } from './api';
import { MailStatusPill } from './mail-status';

/**
 * « Courriels envoyés au client » on a request's page: what the site wrote
 * about it and whether it left. An admin opens each one; an agent sees
 * the list only (the outbox is the admins'). Reloaded with the request.
 */
export function RequestMails({ id, version, admin }: { id: string; version: number; admin: boolean }) {
  const [mails, setMails] = useState<OutboxMail[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    fetchRequestMails(id).then((m) => { if (live) { setMails(m); setError(''); } },
      (err: unknown) => { if (live) setError(err instanceof ApiError ? err.message : 'Erreur inattendue.'); });
    return () => { live = false; };
  }, [id, version]);
  return (
    <section className="card side-card request-mails" aria-labelledby="request-mails-title">
      <h2 id="request-mails-title">Courriels envoyés au client</h2>
      {error ? <p className="form-error" role="alert">Les courriels n’ont pas pu être chargés. {error}</p> : null}
      {!mails && !error ? <p className="muted">Chargement…</p> : null}
      {mails && mails.length === 0 ? <p className="muted">Aucun courriel pour cette demande.</p> : null}
      {mails && mails.length > 0 ? (
        <ul className="request-mails-list">
          {mails.map((m) => (
            <li key={m.id}>
              <span className="request-mail-subject">{admin ? <Link to={`/dashboard/mails/${m.id}`} viewTransition>{m.subject}</Link> : m.subject}</span>
              <span className="request-mail-meta"><MailStatusPill status={m.status} /> <time dateTime={m.createdAt}>{shortDateTime(m.createdAt)}</time></span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
