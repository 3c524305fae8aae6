import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { offersCopy as copy } from '../../content/offers';
import { ApiError } from '../../lib/api';
import { formatDate, typeset } from '../../lib/format';
import { acceptOffer, declineOffers, formatEuros, splitOffers, type Offer, type QuoteRequest } from './quotes';
import { Field } from '../../components/field';
import { OfferCard, offerName } from './offer-card';
import './quote-offers.css';

/** What the client is doing with the offers. */
type Mode = { kind: 'idle' } | { kind: 'confirm'; offer: Offer } | { kind: 'decline' };

/** The longest reason the server keeps (pkg/quote reasonField). */
const reasonMax = 1000;

/** Checks a decline reason as the server does; the French error or ''. */
export function reasonError(reason: string): string {
  const text = reason.trim();
  if (!text) return copy.declineRequired;
  if (Array.from(text).length > reasonMax) return copy.declineTooLong;
  return '';
}

/** Props of the offers of one request. */
export interface QuoteOffersProps {
  quote: QuoteRequest;
  /** Called with the request as it stands after the client's decision. */
  onChange: (quote: QuoteRequest) => void;
}

/** The in-place confirmation of a choice; its title takes the focus. */
function ConfirmChoice({ offer, busy, error, onConfirm, onCancel }: {
  offer: Offer; busy: boolean; error: string; onConfirm: () => void; onCancel: () => void;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => title.current?.focus(), []);
  return (
    <div className="offer-confirm" role="group" aria-labelledby={id}>
      <h4 id={id} tabIndex={-1} ref={title}>{copy.chooseConfirmTitle}</h4>
      <p>{copy.chooseConfirmText(offerName(offer), formatEuros(offer.monthlyCents))}</p>
      {error ? <p className="form-error" role="alert">{typeset(error)}</p> : null}
      <div className="offer-actions">
        <button className="btn btn-primary" type="button" disabled={busy} onClick={onConfirm}>{busy ? copy.sending : copy.confirm}</button>
        <button className="btn btn-secondary" type="button" disabled={busy} onClick={onCancel}>{copy.cancel}</button>
      </div>
    </div>
  );
}

/** The form of a refusal: its reason is required and checked before sending. */
function DeclineForm({ busy, error, serverError, onSubmit, onCancel }: {
  busy: boolean; error: string; serverError: string; onSubmit: (reason: string) => void; onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => textarea.current?.focus(), []);
  useEffect(() => { if (serverError) textarea.current?.focus(); }, [serverError]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const err = reasonError(reason);
    setChecked(err);
    if (err) textarea.current?.focus();
    else onSubmit(reason);
  };
  return (
    <form className="offer-decline" onSubmit={submit} noValidate aria-labelledby={id}>
      <h4 id={id}>{copy.declineTitle}</h4>
      <Field label={copy.declineLabel} hint={copy.declineHint} error={checked || serverError}>
        {(ids) => (
          <textarea {...ids} ref={textarea} name="reason" rows={4} maxLength={reasonMax + 200} required value={reason}
            onChange={(e) => setReason(e.target.value)} />
        )}
      </Field>
      {error ? <p className="form-error" role="alert">{typeset(error)}</p> : null}
      <div className="offer-actions">
        <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? copy.sending : copy.declineSubmit}</button>
        <button className="btn btn-secondary" type="button" disabled={busy} onClick={onCancel}>{copy.cancel}</button>
      </div>
    </form>
  );
}

/**
 * The client's decision on a request: what is open (a confirmation, the
 * refusal form), the call to the server, its errors and its result, and
 * where the focus goes after each step.
 */
function useDecision(quote: QuoteRequest, onChange: (q: QuoteRequest) => void, result: RefObject<HTMLParagraphElement | null>) {
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [reasonErr, setReasonErr] = useState('');
  const [done, setDone] = useState('');
  const opener = useRef<HTMLElement | null>(null);
  // Set when a panel closes without a decision: focus goes back to the
  // button that opened it once it is enabled again.
  const restore = useRef(false);
  const declineButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (mode.kind !== 'idle' || !restore.current) return;
    restore.current = false;
    // « Refuser les offres » is drawn anew when its form closes.
    (opener.current?.isConnected ? opener.current : declineButton.current)?.focus();
  }, [mode]);

  const open = (next: Mode, button: HTMLElement) => {
    opener.current = button;
    setError('');
    setReasonErr('');
    setMode(next);
  };
  const close = () => {
    restore.current = true;
    setMode({ kind: 'idle' });
  };
  const run = async (action: () => Promise<QuoteRequest>, message: string) => {
    setBusy(true);
    setError('');
    setReasonErr('');
    try {
      const updated = await action();
      setMode({ kind: 'idle' });
      setDone(message);
      onChange(updated);
      requestAnimationFrame(() => result.current?.focus());
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(String(err), 0);
      if (e.field === 'reason') setReasonErr(e.message);
      else setError(e.message);
    } finally {
      setBusy(false);
    }
  };
  const accept = (o: Offer) => void run(() => acceptOffer(quote.id, o.id), copy.accepted(offerName(o)));
  const decline = (reason: string) => void run(() => declineOffers(quote.id, reason), copy.declined);
  return { mode, busy, error, reasonErr, done, declineButton, open, close, accept, decline };
}

/**
 * The offers of a request in "Mes devis": the latest sending as cards, the
 * older ones folded, and while the client may decide, « Choisir cette
 * offre » (confirmed in place) and « Refuser les offres » (with a reason).
 */
export function QuoteOffers({ quote, onChange }: QuoteOffersProps) {
  const result = useRef<HTMLParagraphElement>(null);
  const d = useDecision(quote, onChange, result);
  const headingId = useId();
  const { current, older } = splitOffers(quote.offers);
  const settled = quote.status === 'accepted' || quote.status === 'declined';
  const choose = (offer: Offer, button: HTMLButtonElement) => d.open({ kind: 'confirm', offer }, button);
  return (
    <section className="quote-offers" aria-labelledby={headingId}>
      <h3 id={headingId}>{copy.title}</h3>
      {current[0] ? <p className="muted offers-sent">{copy.sentBy(formatDate(current[0].createdAt), current[0].createdByName)}</p> : null}
      <p className="offers-result" role="status" tabIndex={-1} ref={result}>{d.done}</p>
      <ul className="offer-list">
        {current.map((o) => (
          <OfferCard key={o.id} offer={o} settled={settled} busy={d.busy || d.mode.kind !== 'idle'} onChoose={quote.decidable ? choose : undefined} />
        ))}
      </ul>
      {d.mode.kind === 'confirm' ? (
        <ConfirmChoice offer={d.mode.offer} busy={d.busy} error={d.error} onConfirm={() => d.mode.kind === 'confirm' && d.accept(d.mode.offer)} onCancel={d.close} />
      ) : null}
      {quote.decidable && d.mode.kind === 'idle' ? (
        <div className="offer-actions">
          <button className="btn btn-secondary" type="button" ref={d.declineButton} onClick={(e) => d.open({ kind: 'decline' }, e.currentTarget)}>
            {copy.decline}
          </button>
        </div>
      ) : null}
      {d.mode.kind === 'decline' ? <DeclineForm busy={d.busy} error={d.error} serverError={d.reasonErr} onSubmit={d.decline} onCancel={d.close} /> : null}
      {quote.status === 'declined' && quote.declinedAt ? (
        <div className="offer-declined">
          <p>{copy.declinedOn(formatDate(quote.declinedAt))}</p>
          <p><strong>{copy.yourReason}&nbsp;:</strong> «&nbsp;{typeset(quote.declineReason)}&nbsp;»</p>
        </div>
      ) : null}
      {older.length > 0 ? (
        <details className="offers-older">
          <summary>{copy.older(older.length)}</summary>
          <ul className="offer-list">
            {older.map((o) => <OfferCard key={o.id} offer={o} settled />)}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
