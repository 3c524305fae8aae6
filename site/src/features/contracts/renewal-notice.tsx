import { Link } from 'react-router-dom';
import { productPaths } from '../../content/paths';
import { formatDate, typeset } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import type { Contract, Renewal } from './api';
import { PriceFigures } from './repricing-notice';

/** The day after a YYYY-MM-DD day. */
export function dayAfter(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The day the contract renews: the new year's first, the day after the running year's last. */
export function renewalDay(c: Contract): string | undefined {
  return c.renewal?.start ?? (c.period ? dayAfter(c.period.end) : undefined);
}

/** The statuses of a contract that renews at its anniversary. */
const renewing = new Set<Contract['status']>(['active', 'awaiting_documents', 'suspended']);

/**
 * « Votre contrat se renouvelle le … : vous pouvez refuser le
 * renouvellement jusqu’au … », all year (L113-15-1); nothing for a
 * contract that ends instead, or when the server says nothing of it.
 */
export function RenewalLine({ contract: c }: { contract: Contract }) {
  const day = renewalDay(c);
  if (!day || !c.renewalDeadline || !renewing.has(c.status)) return null;
  return (
    <p className="contract-renewal-line">
      {typeset(`Votre contrat se renouvelle le ${formatDate(day)} : vous pouvez refuser le renouvellement jusqu’au ${formatDate(c.renewalDeadline)}.`)}
      {c.renewal?.late ? <> {typeset(`L’avis d’échéance vous a été envoyé le ${formatDate(c.renewal.noticeSentAt)}, après le délai légal : vous pouvez résilier votre contrat dans les 20 jours qui suivent cet envoi (article L113-15-1 du code des assurances).`)}</> : null}
    </p>
  );
}

/** The link to compare: the journey with the same answers when the server gives it, the product's journey otherwise. */
function compareHref(c: Contract, r: Renewal): string | undefined {
  if (r.compareUrl?.startsWith('/')) return r.compareUrl;
  return productPaths[c.product as keyof typeof productPaths]?.price;
}

/**
 * After the avis d'échéance: next year's price, the difference, what
 * changed, the deadline and where to compare.
 */
export function RenewalNotice({ contract: c }: { contract: Contract }) {
  const r = c.renewal;
  if (!r || !renewing.has(c.status)) return null;
  const href = compareHref(c, r);
  const day = renewalDay(c);
  return (
    <section className="card contract-section contract-renewal" aria-labelledby="renouvellement-titre">
      <h2 id="renouvellement-titre">{day ? typeset(`Votre prix à partir du ${formatDate(day)}`) : 'Votre prix pour l’année prochaine'}</h2>
      <p className="muted">{typeset(`Avis d’échéance envoyé le ${formatDate(r.noticeSentAt)}.`)}</p>
      <PriceFigures beforeLabel="Cette année" beforeCents={r.previousYearlyCents} afterCents={r.yearlyCents} monthlyCents={c.rhythm === 'monthly' ? r.monthlyCents : 0} changes={r.changes} />
      {r.bonusMalusNote ? <p>{typeset(r.bonusMalusNote)}</p> : null}
      {r.schedule?.length ? (
        <details className="contract-renewal-schedule">
          <summary>Vos prélèvements de la nouvelle année</summary>
          <ul>
            {r.schedule.map((d) => <li key={d.date}><time dateTime={d.date}>{formatDate(d.date)}</time>&nbsp;: {formatEuros(d.amountCents)}</li>)}
          </ul>
        </details>
      ) : null}
      {c.renewalDeadline ? (
        <p>{typeset(`Si ce prix ne vous convient pas, vous pouvez refuser le renouvellement jusqu’au ${formatDate(c.renewalDeadline)} : votre contrat prendra fin à son échéance.`)}</p>
      ) : null}
      {href ? (
        <p className="contract-card-links">
          <Link className="btn btn-secondary" to={href}>Comparer les offres de nos assureurs</Link>
        </p>
      ) : null}
    </section>
  );
}
