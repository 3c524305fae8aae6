import { useId, useState, type FormEvent } from 'react';
import { quotePanelCopy as copy } from '../../content/offers';
import { ApiError } from '../../lib/api';
import { formatDate, formatDateTime, typeset } from '../../lib/format';
import { formatEuros, summarize, type Offer, type QuoteRequest } from '../quotes/quotes';
import { useSession } from '../../lib/session';
import { OfferFieldset, offerInputId } from './quote-offer-fields';
import {
  emptyOffer, offerLimits, placeServerError, sendOffers, todayInParis, toDraft, validateOfferFields,
  type OfferErrors, type OfferField, type OfferFields,
} from './quote-offer-form';
import type { KindPanel, KindPanelProps } from './types';
import './quote-panel.css';

/** The quote request of GET /api/desk/requests/{id}/quote, or null when the detail is not one. */
export function quoteOf(detail: unknown): QuoteRequest | null {
  const q = (detail as { quote?: QuoteRequest } | null)?.quote;
  return q && typeof q === 'object' && Array.isArray(q.offers) ? q : null;
}

/** One offer as staff review it: compact, with its status. */
function StaffOffer({ offer }: { offer: Offer }) {
  return (
    <li className={`staff-offer staff-offer-${offer.status}`}>
      <p className="staff-offer-head">
        <strong>{offer.insurer} · {offer.productName}</strong>
        <span className={`staff-offer-status staff-offer-status-${offer.expired && offer.status === 'proposed' ? 'expired' : offer.status}`}>{offer.statusLabel}</span>
      </p>
      <p>{formatEuros(offer.monthlyCents)} par mois · {formatEuros(offer.yearlyCents)} par an · franchise {formatEuros(offer.deductibleCents)}</p>
      <p>{typeset(offer.guarantees.join(' · '))}</p>
      <p className="muted">{typeset(`Valable jusqu’au ${formatDate(offer.validUntil)}`)} · {copy.sentOn(formatDateTime(offer.createdAt), offer.createdByName)}</p>
      {offer.note ? <p className="staff-offer-note">{offer.note}</p> : null}
    </li>
  );
}

/** Details: the client's answers, the offers sent and the client's refusal. */
function QuoteDetails({ detail }: KindPanelProps) {
  const q = quoteOf(detail);
  if (!q) return <p className="form-error" role="alert">{copy.loadFailed}</p>;
  return (
    <div className="quote-panel">
      <h3>{copy.answers}</h3>
      <dl className="quote-panel-facts">
        {summarize(q).map((item) => (
          <div key={item.term}><dt>{item.term}</dt><dd>{item.detail}</dd></div>
        ))}
        {q.message ? <div><dt>{copy.message}</dt><dd className="quote-panel-message">{q.message}</dd></div> : null}
      </dl>
      {q.declineReason ? (
        <section className="quote-panel-decline" aria-label={copy.declineReason}>
          <h3>{copy.declineReason}</h3>
          {q.declinedAt ? <p className="muted">{copy.declinedOn(formatDateTime(q.declinedAt))}</p> : null}
          <p className="quote-panel-message">{typeset(q.declineReason)}</p>
        </section>
      ) : null}
      <h3>{copy.offers}</h3>
      {q.offers.length === 0 ? <p className="muted">{copy.noOffers}</p> : (
        <ul className="staff-offers">{q.offers.map((o) => <StaffOffer key={o.id} offer={o} />)}</ul>
      )}
    </div>
  );
}

/** Why offers cannot be sent now, or '' when they can. */
function blocked(status: string, mayAct: boolean): string {
  if (status === 'offered') return copy.waiting;
  if (status === 'accepted') return copy.accepted;
  if (status === 'closed') return copy.closed;
  return mayAct ? '' : copy.takeFirst;
}

/**
 * The state of the offer form: the offers typed, their errors, adding and
 * removing offers with the focus following, and the sending.
 */
function useOfferForm(requestId: string, today: string, onChange: () => void) {
  const [offers, setOffers] = useState<OfferFields[]>(() => [emptyOffer(today)]);
  const [errors, setErrors] = useState<OfferErrors[]>([]);
  const [formError, setFormError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const focus = (i: number, field: OfferField) => requestAnimationFrame(() => document.getElementById(offerInputId(i, field))?.focus());
  const showErrors = (all: OfferErrors[]) => {
    setErrors(all);
    const i = all.findIndex((e) => Object.keys(e).length > 0);
    if (i >= 0) focus(i, Object.keys(all[i]!)[0] as OfferField);
  };
  const add = () => {
    setOffers([...offers, emptyOffer(today)]);
    focus(offers.length, 'insurer');
  };
  const remove = (i: number) => {
    setOffers(offers.filter((_, k) => k !== i));
    setErrors(errors.filter((_, k) => k !== i));
    focus(Math.max(i - 1, 0), 'insurer');
  };
  const change = (i: number, field: OfferField, value: string) => {
    setOffers((list) => list.map((o, k) => (k === i ? { ...o, [field]: value } : o)));
    setErrors((list) => list.map((e, k) => (k === i ? { ...e, [field]: undefined } : e)));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    setFormError('');
    const found = offers.map((o) => validateOfferFields(o, today));
    if (found.some((f) => Object.keys(f).length > 0)) {
      setFormError(copy.fixErrors);
      showErrors(found);
      return;
    }
    setBusy(true);
    try {
      await sendOffers(requestId, offers.map(toDraft));
      setOffers([emptyOffer(today)]);
      setErrors([]);
      setDone(copy.sent);
      onChange();
    } catch (err) {
      const apiErr = err instanceof ApiError ? err : new ApiError(String(err), 0);
      const place = placeServerError(apiErr.field, apiErr.message);
      if (place) showErrors(offers.map((_, k) => (k === place.index ? { [place.field]: place.message } : {})));
      setFormError(place ? copy.fixErrors : apiErr.message);
    } finally {
      setBusy(false);
    }
  };
  return { offers, errors, formError, done, busy, add, remove, change, submit };
}

/** Actions: the form of 1 to 5 offers, for the agent who took the request or an admin. */
function QuoteActions({ request, onChange }: KindPanelProps) {
  const user = useSession()?.user;
  const [today] = useState(() => todayInParis());
  const f = useOfferForm(request.id, today, onChange);
  const titleId = useId();
  const mayAct = !!user && (user.role === 'admin' || request.assignee?.uid === user.uid);
  const why = blocked(request.status, mayAct);
  return (
    <div className="quote-panel">
      <p className="quote-panel-done" role="status">{f.done}</p>
      {why ? <p className="muted">{why}</p> : (
        <form className="quote-offer-form" onSubmit={(e) => void f.submit(e)} noValidate aria-labelledby={titleId}>
          <h3 id={titleId}>{copy.formTitle}</h3>
          <p className="muted">{copy.formLead}</p>
          {f.offers.map((o, i) => (
            <OfferFieldset key={i} index={i} value={o} errors={f.errors[i] ?? {}} today={today} disabled={f.busy}
              onChange={(field, value) => f.change(i, field, value)} onRemove={f.offers.length > 1 ? () => f.remove(i) : undefined} />
          ))}
          {f.formError ? <p className="form-error" role="alert">{typeset(f.formError)}</p> : null}
          <div className="quote-offer-actions">
            {f.offers.length < offerLimits.offers ? (
              <button className="btn btn-secondary" type="button" disabled={f.busy} onClick={f.add}>{copy.add}</button>
            ) : null}
            <button className="btn btn-primary" type="submit" disabled={f.busy}>{f.busy ? copy.sending : copy.submit}</button>
          </div>
        </form>
      )}
    </div>
  );
}

/** The quote request's panels of the staff request page. */
export const quotePanel: KindPanel = { Details: QuoteDetails, Actions: QuoteActions };
