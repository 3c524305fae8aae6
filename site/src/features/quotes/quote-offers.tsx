import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { offersCopy as copy } from '../../content/offers';
import { ApiError } from '../../lib/api';
import { formatDate, typeset } from '../../lib/format';
import { acceptOffer, declineOffers, formatEuros, splitOffers, type Offer, type QuoteRequest } from '../../lib/quotes';
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

/**
 * The offers of a request in "Mes devis": the latest sending as cards, the
 * older ones folded, and while the client may decide, « Choisir cette
 * offre » (confirmed in place) and « Refuser les offres » (with a reason).
 */
export function QuoteOffers({ quote, onChange }: QuoteOffersProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [reason, setReason] = useState('');
  const [reasonErr, setReasonErr] = useState('');
  const [done, setDone] = useState('');
  const opener = useRef<HTMLElement | null>(null);
  // Set when a panel closes without a decision: focus goes back to the
  // button that opened it once it is enabled again.
  const restore = useRef(false);
  const declineButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLHeadingElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const result = useRef<HTMLParagraphElement>(null);
  const headingId = useId();
  const { current, older } = splitOffers(quote.offers);
  const settled = quote.status === 'accepted' || quote.status === 'declined';

  useEffect(() => {
    if (mode.kind === 'confirm') panel.current?.focus();
    if (mode.kind === 'decline') textarea.current?.focus();
    if (mode.kind === 'idle' && restore.current) {
      restore.current = false;
      // « Refuser les offres » is drawn anew when its form closes.
      (opener.current?.isConnected ? opener.current : declineButton.current)?.focus();
    }
  }, [mode]);

  const close = () => {
    restore.current = true;
    setMode({ kind: 'idle' });
    setError('');
  };

  const run = async (action: () => Promise<QuoteRequest>, message: string) => {
    setBusy(true);
    setError('');
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

  const submitDecline = (e: FormEvent) => {
    e.preventDefault();
    const err = reasonError(reason);
    setReasonErr(err);
    if (err) {
      textarea.current?.focus();
      return;
    }
    void run(() => declineOffers(quote.id, reason), copy.declined);
  };

  const choose = (offer: Offer, button: HTMLButtonElement) => {
    opener.current = button;
    setError('');
    setMode({ kind: 'confirm', offer });
  };

  return (
    <section className="quote-offers" aria-labelledby={headingId}>
      <h3 id={headingId}>{copy.title}</h3>
      {current[0] ? <p className="muted offers-sent">{copy.sentBy(formatDate(current[0].createdAt), current[0].createdByName)}</p> : null}
      <p className="offers-result" role="status" tabIndex={-1} ref={result}>{done}</p>
      <ul className="offer-list">
        {current.map((o) => (
          <OfferCard key={o.id} offer={o} settled={settled} busy={busy || mode.kind !== 'idle'} onChoose={quote.decidable ? choose : undefined} />
        ))}
      </ul>
      {mode.kind === 'confirm' ? (
        <div className="offer-confirm" role="group" aria-labelledby={`${headingId}-confirm`}>
          <h4 id={`${headingId}-confirm`} tabIndex={-1} ref={panel}>{copy.chooseConfirmTitle}</h4>
          <p>{copy.chooseConfirmText(offerName(mode.offer), formatEuros(mode.offer.monthlyCents))}</p>
          {error ? <p className="form-error" role="alert">{typeset(error)}</p> : null}
          <div className="offer-actions">
            <button className="btn btn-primary" type="button" disabled={busy}
              onClick={() => void run(() => acceptOffer(quote.id, mode.offer.id), copy.accepted(offerName(mode.offer)))}>
              {busy ? copy.sending : copy.confirm}
            </button>
            <button className="btn btn-secondary" type="button" disabled={busy} onClick={close}>{copy.cancel}</button>
          </div>
        </div>
      ) : null}
      {quote.decidable && mode.kind === 'idle' ? (
        <div className="offer-actions">
          <button className="btn btn-secondary" type="button" ref={declineButton} onClick={(e) => { opener.current = e.currentTarget; setMode({ kind: 'decline' }); }}>
            {copy.decline}
          </button>
        </div>
      ) : null}
      {mode.kind === 'decline' ? (
        <form className="offer-decline" onSubmit={submitDecline} noValidate aria-labelledby={`${headingId}-decline`}>
          <h4 id={`${headingId}-decline`}>{copy.declineTitle}</h4>
          <Field label={copy.declineLabel} hint={copy.declineHint} error={reasonErr}>
            {(ids) => (
              <textarea {...ids} ref={textarea} name="reason" rows={4} maxLength={reasonMax + 200} required value={reason}
                onChange={(e) => setReason(e.target.value)} />
            )}
          </Field>
          {error ? <p className="form-error" role="alert">{typeset(error)}</p> : null}
          <div className="offer-actions">
            <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? copy.sending : copy.declineSubmit}</button>
            <button className="btn btn-secondary" type="button" disabled={busy} onClick={close}>{copy.cancel}</button>
          </div>
        </form>
      ) : null}
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
