import { useState, type FormEvent } from 'react';
import { quotePanelCopy as copy } from '../../content/offers';
import { ApiError } from '../../lib/api';
import { formatDate, formatDateTime, typeset } from '../../lib/format';
import { formatEuros, summarize, type Offer, type QuoteRequest } from '../../lib/quotes';
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
      <p className="muted">{typeset(`Valable jusqu'au ${formatDate(offer.validUntil)}`)} · {copy.sentOn(formatDateTime(offer.createdAt), offer.createdByName)}</p>
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
          <p className="quote-panel-message">{q.declineReason}</p>
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

/** Actions: the form of 1 to 5 offers, for the agent who took the request or an admin. */
function QuoteActions({ request, onChange }: KindPanelProps) {
  const user = useSession()?.user;
  const [today] = useState(() => todayInParis());
  const [offers, setOffers] = useState<OfferFields[]>(() => [emptyOffer(today)]);
  const [errors, setErrors] = useState<OfferErrors[]>([]);
  const [formError, setFormError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const mayAct = !!user && (user.role === 'admin' || request.assignee?.uid === user.uid);
  const why = blocked(request.status, mayAct);

  const focusFirst = (all: OfferErrors[]) => {
    const i = all.findIndex((e) => Object.keys(e).length > 0);
    const field = i >= 0 ? (Object.keys(all[i]!)[0] as OfferField) : undefined;
    if (field) requestAnimationFrame(() => document.getElementById(offerInputId(i, field))?.focus());
  };

  const focusInsurer = (i: number) => requestAnimationFrame(() => document.getElementById(offerInputId(i, 'insurer'))?.focus());
  const add = () => {
    setOffers([...offers, emptyOffer(today)]);
    focusInsurer(offers.length);
  };
  const remove = (i: number) => {
    setOffers(offers.filter((_, k) => k !== i));
    setErrors(errors.filter((_, k) => k !== i));
    focusInsurer(Math.max(i - 1, 0));
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
    setErrors(found);
    if (found.some((f) => Object.keys(f).length > 0)) {
      setFormError(copy.fixErrors);
      focusFirst(found);
      return;
    }
    setBusy(true);
    try {
      await sendOffers(request.id, offers.map(toDraft));
      setOffers([emptyOffer(today)]);
      setErrors([]);
      setDone(copy.sent);
      onChange();
    } catch (err) {
      const apiErr = err instanceof ApiError ? err : new ApiError(String(err), 0);
      const place = placeServerError(apiErr.field, apiErr.message);
      if (place) {
        const next = offers.map((_, k) => (k === place.index ? { [place.field]: place.message } : {}));
        setErrors(next);
        focusFirst(next);
      }
      setFormError(place ? copy.fixErrors : apiErr.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="quote-panel">
      <p className="quote-panel-done" role="status">{done}</p>
      {why ? <p className="muted">{why}</p> : (
        <form className="quote-offer-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="offres-titre">
          <h3 id="offres-titre">{copy.formTitle}</h3>
          <p className="muted">{copy.formLead}</p>
          {offers.map((o, i) => (
            <OfferFieldset key={i} index={i} value={o} errors={errors[i] ?? {}} today={today} disabled={busy}
              onChange={(field, value) => change(i, field, value)}
              onRemove={offers.length > 1 ? () => remove(i) : undefined} />
          ))}
          {formError ? <p className="form-error" role="alert">{typeset(formError)}</p> : null}
          <div className="quote-offer-actions">
            {offers.length < offerLimits.offers ? (
              <button className="btn btn-secondary" type="button" disabled={busy} onClick={add}>{copy.add}</button>
            ) : null}
            <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? copy.sending : copy.submit}</button>
          </div>
        </form>
      )}
    </div>
  );
}

/** The quote request's panels of the staff request page. */
export const quotePanel: KindPanel = { Details: QuoteDetails, Actions: QuoteActions };
