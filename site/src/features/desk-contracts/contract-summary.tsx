import { formatDate } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import { DeadlineCell } from './deadline-cell';
import type { Contract } from './types';

const endings: Record<string, string> = { withdrawn: 'Rétractation', cancelled: 'Fin de la couverture', cancel_requested: 'Fin de la couverture' };

/** The contract at a glance: offer, dates, premium, provisional cover. */
export function ContractSummary({ contract: c }: { contract: Contract }) {
  return (
    <section className="card side-card" aria-labelledby="contrat-titre">
      <h2 id="contrat-titre">Contrat</h2>
      <dl className="facts">
        <div><dt>Produit</dt><dd>{c.productLabel}</dd></div>
        <div><dt>Formule</dt><dd>{c.formula} chez {c.insurer}</dd></div>
        <div><dt>Début</dt><dd>{formatDate(c.startDate)}</dd></div>
        {c.provisionalUntil ? <div><dt>Couverture provisoire jusqu’au</dt><dd><DeadlineCell contract={c} /></dd></div> : null}
        {c.ending ? <div><dt>{endings[c.status] ?? 'Fin'}</dt><dd>{formatDate(c.ending.date)}</dd></div> : null}
        <div><dt>Prime annuelle</dt><dd>{formatEuros(c.yearlyCents)}</dd></div>
      </dl>
    </section>
  );
}
