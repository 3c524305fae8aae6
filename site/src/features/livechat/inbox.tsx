import { useId } from 'react';
import { Illustration } from '../../components/illustration';
import { InboxItemView } from './inbox-item';
import type { Inbox, InboxItem } from './types';

interface SectionProps {
  title: string;
  items: InboxItem[];
  emptyText: string;
  selected: string;
  now: number;
  openable: boolean;
  showHolder?: boolean;
  note?: string;
}

/** One of the inbox's three parts: its title with its count, then its conversations. */
function InboxSection({ title, items, emptyText, selected, now, openable, showHolder, note }: SectionProps) {
  const id = useId();
  return (
    <section className="lc-section" aria-labelledby={`${id}-titre`}>
      <h2 id={`${id}-titre`} className="lc-section-title">
        {title} <span className="lc-count">{items.length}</span>
      </h2>
      {note && items.length > 0 ? <p className="muted lc-section-note">{note}</p> : null}
      {items.length === 0 ? <p className="muted lc-empty">{emptyText}</p> : (
        <ul className="lc-items">
          {items.map((item) => (
            <InboxItemView key={item.id} item={item} now={now} selected={item.id === selected} openable={openable} showHolder={showHolder} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The inbox: « En attente », « Mes conversations », « Autres conseillers ».
 * An admin opens the other agents' conversations; an agent only sees
 * them listed (the server would refuse them).
 */
export function InboxView({ inbox, admin, selected, now }: { inbox: Inbox; admin: boolean; selected: string; now: number }) {
  return (
    <div className="lc-inbox-sections">
      {inbox.waiting.length + inbox.mine.length + inbox.others.length === 0 ? (
        <Illustration name="empty-conversations" width={120} className="lc-empty-illustration" />
      ) : null}
      <InboxSection title="En attente" items={inbox.waiting} emptyText="Personne n’attend de conseiller." selected={selected} now={now} openable />
      <InboxSection title="Mes conversations" items={inbox.mine} emptyText="Aucune conversation en cours." selected={selected} now={now} openable />
      <InboxSection title="Autres conseillers" items={inbox.others} emptyText="Aucune conversation chez un autre conseiller." selected={selected} now={now}
        openable={admin} showHolder note={admin ? undefined : 'Pour information\u00a0: seul le conseiller qui suit une conversation peut l’ouvrir.'} />
    </div>
  );
}
