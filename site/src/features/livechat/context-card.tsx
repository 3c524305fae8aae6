import { useId } from 'react';
import { Link } from 'react-router-dom';
import { productTitle } from '../quotes/quotes';
import { whoName } from './labels';
import { waitingFor } from './time';
import type { LinkedRequest, StaffConversation } from './types';

/** Who holds the conversation, or since when it waits. */
function stateLine(c: StaffConversation, me: string, now: number): string {
  if (c.state === 'waiting') return c.waitingSince ? `En attente ${waitingFor(c.waitingSince, now)}` : 'En attente';
  if (c.state === 'live') return c.agent?.uid === me ? 'Avec vous' : `Avec ${c.agent?.name ?? 'un conseiller'}`;
  return 'Avec l’assistant';
}

/** The context of the conversation: who, how to reach them, the product, and their other requests. */
export function ContextCard({ conversation: c, requests, me, now }: { conversation: StaffConversation; requests: LinkedRequest[]; me: string; now: number }) {
  const id = useId();
  const client = Boolean(c.who.uid);
  return (
    <section className="card side-card lc-context" aria-labelledby={`${id}-titre`}>
      <h2 id={`${id}-titre`}>Contexte</h2>
      <dl className="facts">
        <div><dt>Interlocuteur</dt><dd>{whoName(c.who)} <span className="tag">{client ? 'Client inscrit' : 'Visiteur'}</span></dd></div>
        <div><dt>E-mail</dt><dd>{c.who.email ? <a href={`mailto:${c.who.email}`}>{c.who.email}</a> : '—'}</dd></div>
        <div><dt>Produit</dt><dd>{c.product ? productTitle(c.product) : '—'}</dd></div>
        <div><dt>État</dt><dd>{stateLine(c, me, now)}</dd></div>
      </dl>
      <h3 className="lc-context-sub">Ses autres demandes</h3>
      {requests.length === 0 ? <p className="muted side-note">Aucune autre demande.</p> : (
        <ul className="lc-requests">
          {requests.map((r) => (
            <li key={r.id}>
              <Link to={`/dashboard/requests/${encodeURIComponent(r.id)}`}>{r.ref}</Link>{' '}
              <span className="kind-tag">{r.kindLabel || r.kind}</span>{' '}
              <span className="status-pill">{r.statusLabel}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
