import { Link } from 'react-router-dom';
import { productTitle } from '../quotes/quotes';
import { relativeTime } from '../desk/dates';
import { conversationPath, unreadLabel, whoName } from './labels';
import { elide, waitingFor } from './time';
import type { InboxItem } from './types';

/** When: « depuis 3 min » for a waiting conversation, else the time of its last message. */
function when(item: InboxItem, now: number): string {
  if (item.state === 'waiting' && item.waitingSince) return waitingFor(item.waitingSince, now);
  return item.lastAt ? relativeTime(item.lastAt, now) : '';
}

/** The words of one item: who, product, unread badge, last message, when, and who holds it. */
function ItemBody({ item, now, showHolder }: { item: InboxItem; now: number; showHolder: boolean }) {
  return (
    <>
      <span className="lc-item-top">
        <span className="lc-item-who">{whoName(item.who)}</span>
        {item.unread > 0 ? (
          <span className="lc-unread"><span aria-hidden="true">{item.unread}</span><span className="visually-hidden">{unreadLabel(item.unread)}</span></span>
        ) : null}
      </span>
      {item.product ? <span className="lc-item-product">{productTitle(item.product)}</span> : null}
      <span className="lc-item-last">{item.lastMessage ? elide(item.lastMessage) : <span className="muted">Pas encore de message</span>}</span>
      <span className="lc-item-when">
        {when(item, now)}
        {showHolder && item.agent ? ` · ${item.agent.name}` : ''}
      </span>
    </>
  );
}

/**
 * One conversation of the inbox: a link that opens it, or (another
 * agent's, for an agent) a line to read only.
 */
export function InboxItemView({ item, now, selected, openable: byRole, showHolder = false }: {
  item: InboxItem; now: number; selected: boolean; openable: boolean; showHolder?: boolean;
}) {
  // The server says whether this member of staff may open it; the role decides when it does not say.
  const openable = item.readable ?? byRole;
  const cls = `lc-item${selected ? ' lc-item-selected' : ''}${item.unread > 0 ? ' lc-item-unread' : ''}`;
  return (
    <li className={cls}>
      {openable ? (
        <Link className="lc-item-body" to={conversationPath(item.id)} aria-current={selected ? 'page' : undefined}>
          <ItemBody item={item} now={now} showHolder={showHolder} />
        </Link>
      ) : (
        <div className="lc-item-body"><ItemBody item={item} now={now} showHolder={showHolder} /></div>
      )}
    </li>
  );
}
