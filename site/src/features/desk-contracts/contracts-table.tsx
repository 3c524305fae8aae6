import { Link, useNavigate } from 'react-router-dom';
import { formatDate } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import { DeadlineCell } from './deadline-cell';
import { followUp, proofsText, proofsToCheck, provisionalDeadline } from './labels';
import type { Contract } from './types';

/** The address of a contract's page for staff. */
export function contractPath(id: string): string {
  return `/dashboard/contracts/${encodeURIComponent(id)}`;
}

/** One contract of the list; the number opens it, a click anywhere on the line too. */
function ContractRow({ c, now }: { c: Contract; now?: number }) {
  const navigate = useNavigate();
  const to = contractPath(c.id);
  const toCheck = proofsToCheck(c);
  const deadline = provisionalDeadline(c, now)?.state ?? 'none';
  const follow = followUp(c, now);
  return (
    <tr className={`queue-row contract-row contract-${deadline}`}
      onClick={(e) => { if (!(e.target as HTMLElement).closest('a')) navigate(to); }}>
      <td className="contract-number" data-label="Contrat"><Link to={to} viewTransition>{c.number}</Link></td>
      <td className="contract-client" data-label="Client">
        <span className="queue-name">{c.holder.name}</span>
        <span className="contract-email">{c.holder.email}</span>
      </td>
      <td className="contract-product" data-label="Produit">
        <span className="contract-product-label">{c.productLabel}</span>
        <span className="contract-offer">{c.formula} · {c.insurer}</span>
      </td>
      <td className="contract-status" data-label="Statut">
        <span className="status-pill">{c.statusLabel}</span>
        {toCheck > 0 ? <span className="proofs-tag">{proofsText(toCheck)}</span> : null}
        {follow ? <span className={`follow-tag follow-${follow.kind}${follow.urgent ? ' follow-urgent' : ''}`}>{follow.text}</span> : null}
      </td>
      <td className="contract-start" data-label="Début"><time dateTime={c.startDate}>{formatDate(c.startDate)}</time></td>
      <td className="contract-deadline" data-label="Couverture provisoire"><DeadlineCell contract={c} now={now} /></td>
      <td className="contract-premium" data-label="Prime annuelle">{formatEuros(c.yearlyCents)}</td>
    </tr>
  );
}

/** The contracts as a table on a wide screen, cards on a phone. */
export function ContractsTable({ contracts, now }: { contracts: Contract[]; now?: number }) {
  return (
    <div className="queue-wrap">
      <table className="queue-table contracts-table">
        <caption className="visually-hidden">Contrats, les plus récents en premier</caption>
        <thead>
          <tr>
            <th scope="col">Contrat</th>
            <th scope="col">Client</th>
            <th scope="col">Produit</th>
            <th scope="col">Statut</th>
            <th scope="col">Début</th>
            <th scope="col">Couverture provisoire</th>
            <th scope="col" className="contract-premium">Prime annuelle</th>
          </tr>
        </thead>
        <tbody>
          {contracts.map((c) => <ContractRow key={c.id} c={c} now={now} />)}
        </tbody>
      </table>
    </div>
  );
}
