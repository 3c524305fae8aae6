import { typeset } from '../../lib/format';
import { shortDateTime } from '../desk/dates';
import type { ContractEvent } from './types';

/** Who did what, when, on the contract, oldest first. */
export function ContractHistory({ history }: { history: ContractEvent[] }) {
  return (
    <section className="desk-block" aria-labelledby="historique-titre">
      <h2 id="historique-titre">Historique</h2>
      <ol className="timeline">
        {history.map((e, i) => (
          <li key={`${e.at}-${i}`}>
            <time dateTime={e.at}>{shortDateTime(e.at)}</time>
            <span className="timeline-what">{typeset(e.detail)}</span>
            <span className="timeline-who">{e.actorName || 'Système'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
