import { formatDate, formatDateTime, typeset } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import { downloadUrl, type Contract, type ContractDocument, type Debit } from './api';

/** The status as a badge, its colour by status. */
export function StatusBadge({ contract }: { contract: Contract }) {
  return (
    <p className={`contract-status contract-status-${contract.status}`}>
      <span className="visually-hidden">Statut&nbsp;: </span>
      {contract.statusLabel}
    </p>
  );
}

/** The premium as it is paid: « 41,20 € par mois (494,40 € par an) », or once. */
export function premiumText(c: Pick<Contract, 'rhythm' | 'monthlyCents' | 'yearlyCents'>): string {
  if (c.rhythm === 'monthly' && c.monthlyCents > 0) return `${formatEuros(c.monthlyCents)} par mois (${formatEuros(c.yearlyCents)} par an)`;
  return `${formatEuros(c.yearlyCents)} par an, payés en une fois`;
}

/** « Tiers étendu chez Mutuelle Fictive de l’Ouest ». */
export function offerText(c: Pick<Contract, 'formula' | 'insurer'>): string {
  return `${c.formula} chez ${c.insurer}`;
}

/** The vehicle and its registration, when the contract insures one, typeset. */
export function vehicleText(c: Contract): string | undefined {
  const v = c.risk.vehicle;
  if (!v) return undefined;
  const name = [v.make, v.model, v.version].filter(Boolean).join(' ');
  return typeset(v.registration ? `${name}, immatriculé ${v.registration}` : name);
}

/** The holder's address on one line, typeset: « 12 rue de la République, 69002 Lyon ». */
export function addressText(h: Contract['holder']): string {
  return typeset(`${h.address}, ${h.postalCode} ${h.city}`);
}

/** The documents that prove the cover, withheld while it is suspended. */
const proofOfCover = new Set(['attestation', 'memo']);

/** A document: open it in a new tab, or download it; or why it cannot be, while withheld. */
function DocumentItem({ doc, withheld }: { doc: ContractDocument; withheld?: string }) {
  if (withheld && proofOfCover.has(doc.kind)) {
    return (
      <li className="contract-doc">
        <span className="contract-doc-title">{doc.title}</span>
        <span className="contract-doc-withheld">{typeset(withheld)}</span>
      </li>
    );
  }
  return (
    <li className="contract-doc">
      <span className="contract-doc-title">{doc.title}</span>
      <span className="contract-doc-date muted">
        {doc.signed ? 'Signé' : 'Émis'} le <time dateTime={doc.issuedAt}>{formatDateTime(doc.issuedAt)}</time>
      </span>
      <span className="contract-doc-links">
        <a href={doc.url} target="_blank" rel="noopener">
          Ouvrir<span className="visually-hidden"> «&nbsp;{doc.title}&nbsp;» (PDF, nouvel onglet)</span>
        </a>
        <a href={downloadUrl(doc.url)} download>
          Télécharger<span className="visually-hidden"> «&nbsp;{doc.title}&nbsp;»</span> (PDF)
        </a>
      </span>
    </li>
  );
}

/** The order documents are read in (pkg/contract docRank). */
const docRank: Record<string, number> = { advice: 1, conditions: 2, ipid: 3, letter: 4, mandate: 5, evidence: 6, memo: 7, vtc: 8, attestation: 9 };

/** The newest version of each kind (the list comes newest first), in reading order. */
function latest(documents: ContractDocument[]): ContractDocument[] {
  const seen = new Set<string>();
  const out = documents.filter((d) => !seen.has(d.kind) && Boolean(seen.add(d.kind)));
  return out.sort((a, b) => (docRank[a.kind] ?? 99) - (docRank[b.kind] ?? 99));
}

/**
 * The documents: the signed versions and those issued since (the Mémo
 * Véhicule Assuré) first, the documents read before the signature under
 * them. With withheld (a suspended contract), the attestation and the
 * Mémo give that reason instead of their links.
 */
export function ContractDocuments({ documents, signedAt, headingLevel = 3, withheld }: { documents: ContractDocument[]; signedAt?: string; headingLevel?: 2 | 3; withheld?: string }) {
  const before = (d: ContractDocument) => !d.signed && (!signedAt || Date.parse(d.issuedAt) < Date.parse(signedAt));
  const current = latest(documents.filter((d) => !before(d)));
  const read = latest(documents.filter(before));
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  if (documents.length === 0) return <p className="muted">Vos documents sont en préparation.</p>;
  return (
    <div className="contract-docs">
      {current.length > 0 ? (
        <>
          <Sub>Documents de votre contrat</Sub>
          <ul className="contract-doc-list">{current.map((d) => <DocumentItem key={d.id} doc={d} withheld={withheld} />)}</ul>
        </>
      ) : null}
      {read.length > 0 ? (
        <>
          <Sub>{signedAt ? 'Documents lus avant la signature' : 'Documents à lire avant la signature'}</Sub>
          <ul className="contract-doc-list">{read.map((d) => <DocumentItem key={d.id} doc={d} />)}</ul>
        </>
      ) : null}
    </div>
  );
}

/** The SEPA pre-notification, the same words before and after the signature. */
export const preNotification =
  'Cet échéancier vaut pré-notification\u00a0: chaque prélèvement a lieu à la date et pour le montant indiqués. Tout changement vous sera notifié au moins 14\u00a0jours avant le prélèvement concerné.';

/** The payment schedule: each debit's date and amount. */
export function ScheduleTable({ schedule, caption }: { schedule: Debit[]; caption: string }) {
  return (
    <div className="contract-table-scroll">
      <table className="contract-schedule">
        <caption>{caption}</caption>
        <thead>
          <tr><th scope="col">Prélèvement</th><th scope="col">Date</th><th scope="col">Montant</th></tr>
        </thead>
        <tbody>
          {schedule.map((d) => (
            <tr key={d.seq} className={d.cancelled ? 'contract-debit-cancelled' : undefined}>
              <td>n°&nbsp;{d.seq}{d.cancelled ? <span> (annulé)</span> : null}</td>
              <td><time dateTime={d.date}>{formatDate(d.date)}</time></td>
              <td className="num">{formatEuros(d.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The model letter of L112-2-1, filled in with the contract. */
export function withdrawalLetter(c: Contract): string {
  const h = c.holder;
  const signed = c.signedAt ? ` souscrit le ${formatDate(c.signedAt)}` : '';
  return typeset(`Je soussigné(e) ${h.name}, demeurant ${h.address}, ${h.postalCode} ${h.city}, déclare renoncer au contrat n°\u00a0${c.number} (${c.productLabel}, ${offerText(c)})${signed}, conformément à l’article L112-2-1 du code des assurances.`);
}

