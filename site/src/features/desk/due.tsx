import { relativeTime, shortDateTime } from './dates';
import type { DeskRequest } from './types';

/** The words of a request's deadline, for its badge and for screen readers. */
export function dueState(r: DeskRequest): 'overdue' | 'today' | 'later' | 'none' | 'client' {
  if (!r.waiting) return r.status === 'closed' ? 'none' : 'client';
  if (!r.dueAt) return 'none';
  if (r.overdue) return 'overdue';
  return r.dueToday ? 'today' : 'later';
}

/** « En retard », « Aujourd'hui »: colour and words, so neither alone carries it. */
export function DueBadge({ request }: { request: DeskRequest }) {
  const state = dueState(request);
  if (state === 'overdue') return <span className="due-badge due-overdue">En retard</span>;
  if (state === 'today') return <span className="due-badge due-today">Aujourd’hui</span>;
  return null;
}

/**
 * The deadline of a request as the queue shows it: the badge, when it is
 * ("il y a 2 h", "dans 3 h") and the date in full on a second line.
 */
export function DueCell({ request, now }: { request: DeskRequest; now?: number }) {
  const state = dueState(request);
  if (state === 'client') return <span className="muted">Attend le client</span>;
  if (state === 'none' || !request.dueAt) return <span className="muted">Sans échéance</span>;
  return (
    <span className="due">
      <DueBadge request={request} />
      <span className={`due-when due-when-${state}`}>{relativeTime(request.dueAt, now)}</span>
      <time className="due-date" dateTime={request.dueAt}>{shortDateTime(request.dueAt)}</time>
    </span>
  );
}
