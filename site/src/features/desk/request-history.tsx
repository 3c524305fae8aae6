import { useId } from 'react';
import { shortDateTime } from './dates';
import type { DeskEvent, Reply } from './types';

/** Who did what, when: the request's history, oldest first, as recorded. */
export function RequestHistory({ history }: { history: DeskEvent[] }) {
  const id = useId();
  return (
    <section className="desk-block" aria-labelledby={`${id}-titre`}>
      <h2 id={`${id}-titre`}>Historique</h2>
      <ol className="timeline">
        {history.map((e) => (
          <li key={e.id}>
            <time dateTime={e.at}>{shortDateTime(e.at)}</time>
            <span className="timeline-what">{e.detail}</span>
            <span className="timeline-who">{e.actorName || 'Système'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What the broker answered, as the client reads it on their dashboard. */
export function RequestReplies({ replies }: { replies: Reply[] }) {
  const id = useId();
  return (
    <section className="desk-block" aria-labelledby={`${id}-titre`}>
      <h2 id={`${id}-titre`}>Réponses au client</h2>
      {replies.length === 0 ? <p className="muted">Aucune réponse envoyée pour l’instant.</p> : (
        <ol className="reply-list">
          {replies.map((r) => (
            <li key={r.id} className="reply">
              <p className="note-meta"><strong>{r.label}</strong> · {r.authorName} · <time dateTime={r.at}>{shortDateTime(r.at)}</time></p>
              <p className="note-body">{r.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
