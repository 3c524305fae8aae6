import { useEffect, useId, useState, type FormEvent } from 'react';
import { Field } from '../../components/field';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { formatPhone } from '../quotes/quotes';
import { useSession } from '../../lib/session';
import {
  loadCallbackDetail, loadMessageDetail, logCall, replyToMessage, type CallbackDetail, type CallOutcome, type MessageDetail,
} from '../contact/api';
import { copy } from './contact-copy';
import type { DeskRequest, KindPanel, KindPanelProps } from './types';
import '../../components/quote-fields.css';
import './contact-panel.css';

/** The kind's own data: what the staff page passed, or loaded here when it passed none. */
function useDetail<T>(detail: unknown, key: string, has: string, id: string, load: (id: string) => Promise<T>): [T | null, string] {
  const given = pick<T>(detail, key, has);
  const [loaded, setLoaded] = useState<T | null>(null);
  const [error, setError] = useState('');
  const missing = given === null;
  useEffect(() => {
    if (!missing) return;
    load(id).then(setLoaded, (e: unknown) => setError(e instanceof ApiError ? e.message : copy.loadFailed));
  }, [missing, id, load]);
  return [given ?? loaded, error];
}

/** detail itself or detail[key], when it has the field `has`. */
function pick<T>(detail: unknown, key: string, has: string): T | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const inner = (detail as Record<string, unknown>)[key];
  if (typeof inner === 'object' && inner !== null && has in inner) return inner as T;
  return has in detail ? (detail as T) : null;
}

/** Whether the signed-in staff member may act on request: its assignee, or an admin. */
function useCanAct(request: DeskRequest): boolean {
  const user = useSession()?.user;
  return Boolean(user && (user.role === 'admin' || request.assignee?.uid === user.uid));
}

function MessageDetails({ request, detail }: KindPanelProps) {
  const [d, error] = useDetail<MessageDetail>(detail, 'message', 'subjectLabel', request.id, loadMessageDetail);
  if (error) return <p className="form-error" role="alert">{error}</p>;
  if (!d) return <p className="muted">{copy.loading}</p>;
  return (
    <dl className="desk-kind-details">
      <div><dt>{copy.subject}</dt><dd>{d.subjectLabel}</dd></div>
      <div className="desk-kind-wide"><dt>{copy.message}</dt><dd className="desk-kind-text">{d.message}</dd></div>
      <div><dt>{copy.consent}</dt><dd>{formatDateTime(d.consentAt)}</dd></div>
    </dl>
  );
}

/** The result of an action, or its error, read out when it changes. */
function Outcome({ done, error }: { done: string; error: string }) {
  if (error) return <p className="form-error" role="alert">{error}</p>;
  return done ? <p className="desk-kind-done" role="status">{done}</p> : null;
}

function MessageActions({ request, onChange }: KindPanelProps) {
  const id = useId();
  const canAct = useCanAct(request);
  const [body, setBody] = useState('');
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!canAct) return <p className="muted">{copy.takeFirst}</p>;
  if (request.status === 'closed') return <p className="muted">{copy.reopenToReply}</p>;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!body.trim()) return setError(copy.replyMissing);
    setBusy(true);
    setError('');
    const reply = body;
    try {
      await replyToMessage(request.id, reply);
      setSent(reply);
      // What was typed while it left stays.
      setBody((now) => (now === reply ? '' : now));
      onChange();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : copy.failed);
    } finally {
      setBusy(false);
    }
  }

  const mail = `mailto:${request.email}?subject=${encodeURIComponent(`${request.ref} · ${request.summary}`)}&body=${encodeURIComponent(sent)}`;
  return (
    <form className="desk-kind-form" onSubmit={onSubmit} noValidate aria-label={copy.replyTitle}>
      <Field id={`${id}-reponse`} label={copy.replyLabel} hint={request.client ? copy.replyHintClient : copy.replyHintVisitor} error={error || undefined}>
        {(ids) => <textarea {...ids} rows={6} value={body} onChange={(e) => setBody(e.target.value)} />}
      </Field>
      <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? copy.sending : copy.replySubmit}</button>
      {sent ? (
        <div className="desk-kind-done" role="status">
          <p>{copy.replySent}</p>
          {!request.client && request.email ? <p><a href={mail}>{copy.replyByMail(request.email)}</a></p> : null}
        </div>
      ) : null}
    </form>
  );
}

function CallbackDetails({ request, detail }: KindPanelProps) {
  const [d, error] = useDetail<CallbackDetail>(detail, 'callback', 'slotLabel', request.id, loadCallbackDetail);
  if (error) return <p className="form-error" role="alert">{error}</p>;
  if (!d) return <p className="muted">{copy.loading}</p>;
  return (
    <dl className="desk-kind-details">
      <div><dt>{copy.slot}</dt><dd>{d.slotLabel}</dd></div>
      <div><dt>{copy.phone}</dt><dd><a className="desk-kind-phone" href={`tel:${request.phone}`}>{formatPhone(request.phone)}</a></dd></div>
      <div><dt>{copy.product}</dt><dd>{d.productLabel || copy.noProduct}</dd></div>
      {d.note ? <div className="desk-kind-wide"><dt>{copy.note}</dt><dd className="desk-kind-text">{d.note}</dd></div> : null}
      <div><dt>{copy.attempts}</dt><dd>{copy.attemptsText(d.attempts, d.lastOutcome, d.lastCallAt ? formatDateTime(d.lastCallAt) : '')}</dd></div>
      <div><dt>{copy.consent}</dt><dd>{formatDateTime(d.consentAt)}</dd></div>
    </dl>
  );
}

function CallbackActions({ request, onChange }: KindPanelProps) {
  const id = useId();
  const canAct = useCanAct(request);
  const [outcome, setOutcome] = useState<CallOutcome | ''>('');
  const [note, setNote] = useState('');
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!canAct) return <p className="muted">{copy.takeFirst}</p>;
  if (request.status !== 'received' && request.status !== 'in_progress') return <p className="muted">{copy.noCallExpected}</p>;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!outcome) return setError(copy.outcomeMissing);
    setBusy(true);
    setError('');
    const said = note;
    try {
      await logCall(request.id, outcome, said);
      setDone(outcome === 'reached' ? copy.callReached : copy.callMissed);
      setNote((now) => (now === said ? '' : now));
      setOutcome('');
      onChange();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : copy.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="desk-kind-form" onSubmit={onSubmit} noValidate aria-label={copy.callTitle}>
      <p>{copy.callPhone} <a className="desk-kind-phone" href={`tel:${request.phone}`}>{formatPhone(request.phone)}</a></p>
      <fieldset className="choice-group">
        <legend>{copy.outcome}</legend>
        <div className="choice-list">
          {copy.outcomes.map((o) => (
            <label key={o.value} className="choice">
              <input type="radio" name={`${id}-issue`} value={o.value} checked={outcome === o.value} onChange={() => setOutcome(o.value)}
                aria-invalid={error && !outcome ? true : undefined} />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field id={`${id}-note`} label={copy.callNote} hint={copy.callNoteHint}>
        {(ids) => <textarea {...ids} rows={3} value={note} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? copy.sending : copy.callSubmit}</button>
      <Outcome done={done} error={error} />
    </form>
  );
}

/** The contact message's panels of the staff request page: the message, and the reply. */
export const contactPanel: KindPanel = { Details: MessageDetails, Actions: MessageActions };

/** The callback request's panels: the slot and the phone, and the call logged. */
export const callbackPanel: KindPanel = { Details: CallbackDetails, Actions: CallbackActions };
