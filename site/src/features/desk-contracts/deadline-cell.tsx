import { formatDate } from '../../lib/format';
import { provisionalDeadline } from './labels';
import type { Contract } from './types';

/**
 * The end of the provisional cover of a contract waiting for its
 * documents: the date, and in words and colour how near it is (the
 * deadline the agent must meet); a dash for any other contract.
 */
export function DeadlineCell({ contract, now }: { contract: Contract; now?: number }) {
  const d = provisionalDeadline(contract, now);
  if (!d || !contract.provisionalUntil) return <span className="muted">—</span>;
  return (
    <span className={`deadline deadline-${d.state}`}>
      <time dateTime={contract.provisionalUntil}>{formatDate(contract.provisionalUntil)}</time>
      <span className="deadline-when">{d.text}</span>
    </span>
  );
}
