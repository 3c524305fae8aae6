import { offersCopy as copy } from '../../content/offers';
import { elide, formatDate, typeset } from '../../lib/format';
import { formatEuros, type Offer } from './quotes';

/** Props of one offer's card. */
export interface OfferCardProps {
  offer: Offer;
  /** Another offer was chosen, or the offers were declined: shown greyed. */
  settled: boolean;
  /** Shows « Choisir cette offre »; absent when the client may not choose. */
  onChoose?: (offer: Offer, button: HTMLButtonElement) => void;
  busy?: boolean;
}

/** An offer named in a sentence: "« Auto Confort » d'Allianz". */
export function offerName(o: Offer): string {
  return `«\u00a0${o.productName}\u00a0» ${elide('de', o.insurer)}`;
}

/** One offer as the client compares it: price first, then what it covers. */
export function OfferCard({ offer, settled, onChoose, busy }: OfferCardProps) {
  const titleId = `offre-${offer.id}`;
  const chosen = offer.status === 'accepted';
  const classes = ['offer-card', chosen ? 'offer-card-chosen' : '', settled && !chosen ? 'offer-card-settled' : ''].filter(Boolean).join(' ');
  return (
    <li className={classes}>
      <article aria-labelledby={titleId}>
        <header className="offer-head">
          <p className="offer-insurer">{offer.insurer}</p>
          <h4 id={titleId}>{offer.productName}</h4>
          {offer.status !== 'proposed' || offer.expired ? (
            <p className={`offer-status offer-status-${chosen ? 'chosen' : 'other'}`}>
              {chosen ? <span aria-hidden="true">✓ </span> : null}
              {chosen ? copy.chosen : offer.statusLabel}
            </p>
          ) : null}
        </header>
        <p className="offer-price">
          <span className="offer-monthly">{formatEuros(offer.monthlyCents)}</span> <span className="offer-per">{copy.perMonth}</span>
          <span className="offer-yearly">{copy.perYear(formatEuros(offer.yearlyCents))}</span>
        </p>
        <h5 className="offer-subtitle">{copy.guarantees}</h5>
        <ul className="offer-guarantees">
          {offer.guarantees.map((g) => <li key={g}>{typeset(g)}</li>)}
        </ul>
        <dl className="offer-terms">
          <div>
            <dt>{copy.deductible}</dt>
            <dd>{offer.deductibleCents === 0 ? copy.noDeductible : formatEuros(offer.deductibleCents)}</dd>
          </div>
        </dl>
        <p className={offer.expired && offer.status === 'proposed' ? 'offer-validity offer-validity-expired' : 'offer-validity'}>
          {offer.expired && offer.status === 'proposed' ? copy.expiredOn(formatDate(offer.validUntil)) : copy.validUntil(formatDate(offer.validUntil))}
        </p>
        {offer.note ? (
          <div className="offer-note">
            <h5 className="offer-subtitle">{copy.note}</h5>
            <p>{typeset(offer.note)}</p>
          </div>
        ) : null}
        {onChoose && offer.acceptable ? (
          <button className="btn btn-primary offer-choose" type="button" disabled={busy}
            aria-describedby={titleId} onClick={(e) => onChoose(offer, e.currentTarget)}>
            {copy.choose}
          </button>
        ) : null}
      </article>
    </li>
  );
}
