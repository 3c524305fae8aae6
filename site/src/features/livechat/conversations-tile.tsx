import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchInbox } from './api';
import type { Inbox } from './types';
import './livechat.css';

/** The tile refreshes this often: the dashboard does not hold the stream (it would count the agent present). */
export const tileRefreshMs = 20_000;

function waitingText(n: number): string {
  if (n === 0) return 'Personne n’attend de conseiller.';
  return n === 1 ? '1\u00a0conversation en attente' : `${n.toLocaleString('fr-FR')}\u00a0conversations en attente`;
}

/** The staff dashboard's way to the live chat, with the number of visitors waiting. */
export function ConversationsTile() {
  const [inbox, setInbox] = useState<Inbox | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => { fetchInbox().then((i) => { if (live) setInbox(i); }, () => undefined); };
    load();
    const timer = setInterval(load, tileRefreshMs);
    return () => { live = false; clearInterval(timer); };
  }, []);
  const waiting = inbox?.waiting.length ?? 0;
  return (
    <section className="desk-section lc-tile" aria-labelledby="chat-titre">
      <h2 id="chat-titre">Chat en direct</h2>
      <Link className={`lc-tile-link${waiting > 0 ? ' lc-tile-waiting' : ''}`} to="/dashboard/conversations" viewTransition>
        {inbox ? <span className="lc-tile-count">{waitingText(waiting)}</span> : null}
        {inbox && inbox.mine.length > 0 ? <span className="lc-tile-mine">{inbox.mine.length === 1 ? '1\u00a0conversation avec vous' : `${inbox.mine.length}\u00a0conversations avec vous`}</span> : null}
        <span className="lc-tile-open">Ouvrir les conversations</span>
      </Link>
    </section>
  );
}
