import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { shownName } from '../../lib/names';
import type { ChatMessage } from '../chat/chat';
import type { SessionUser } from '../../lib/session';
import { useSoundSwitch, useTitleCount, useWaitingSound } from './alerts';
import type { ActionOutcome } from './conversation-actions';
import { ConversationView } from './conversation-view';
import { InboxView } from './inbox';
import { PresenceSwitch } from './presence-switch';
import { SoundSwitch } from './sound-switch';
import { useCanned } from './use-canned';
import { useConversation } from './use-conversation';
import { useInbox } from './use-inbox';
import { useNow } from './use-now';
import { usePolling, useStaffStream } from './use-staff-stream';
import './livechat.css';

/** The title of the page in routes.json; the waiting count goes before it. */
export const pageTitleText = 'Conversations';

type Notice = { text: string; alert: boolean } | null;

/**
 * /dashboard/conversations[/:cid]: the agents' live chat. The inbox and
 * the open conversation follow the staff stream (whose being open makes
 * the agent present), or poll every 3 s when it keeps failing.
 */
export function ConversationsPage({ user }: { user: SessionUser }) {
  const { cid = '' } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const admin = user.role === 'admin';
  const inbox = useInbox();
  const conv = useConversation(cid);
  const { canned } = useCanned();
  const now = useNow();
  const [notice, setNotice] = useState<Notice>(null);
  const keepNotice = useRef(false);
  useEffect(() => {
    if (keepNotice.current) keepNotice.current = false;
    else setNotice(null);
  }, [cid]);

  const { polling } = useStaffStream({
    onMessage: (e) => { conv.addMessages(e.conversationId, [e.message]); inbox.soon(); },
    onInbox: inbox.soon,
    onTyping: (e) => conv.setTyping(e.conversationId, e.typing),
    onRead: (e) => conv.markRead(e.conversationId, e.upTo),
    onOpen: (again) => { inbox.soon(); if (again) conv.reload(); },
  });
  usePolling(polling, () => { inbox.load(); conv.reload(); });

  const [soundOn, setSoundOn] = useSoundSwitch();
  const waiting = inbox.inbox?.waiting.length;
  useWaitingSound(waiting, soundOn);
  useTitleCount(pageTitleText, waiting ?? 0, pathname);

  const outcome: ActionOutcome = {
    onChanged: () => { conv.reload(); inbox.load(); },
    onConflict: (text) => { setNotice({ text, alert: true }); conv.reload(); inbox.load(); },
    onLeft: (text) => {
      setNotice({ text, alert: false });
      keepNotice.current = true;
      inbox.load();
      navigate('/dashboard/conversations');
    },
  };
  const onSent = (m: ChatMessage) => { conv.addMessages(cid, [m]); inbox.soon(); };

  return (
    <>
      <header className="page-header desk-header">
        <div className="container">
          <p className="back-link"><Link to="/dashboard" viewTransition>← Tableau de bord</Link></p>
          <h1>Conversations</h1>
          <div className="lc-toolbar">
            {inbox.inbox ? <PresenceSwitch away={inbox.inbox.away} onChange={inbox.setAway} /> : null}
            <SoundSwitch on={soundOn} onChange={setSoundOn} />
            {admin ? <Link className="btn btn-secondary btn-small" to="/dashboard/canned">Réponses types</Link> : null}
          </div>
          {inbox.inbox ? (
            <p className="lc-availability">
              {inbox.inbox.available ? 'Les visiteurs voient un conseiller disponible.' : 'Les visiteurs ne voient aucun conseiller disponible\u00a0: l’assistant leur propose d’être rappelés.'}
            </p>
          ) : null}
          {polling ? <p className="lc-polling" role="status">Connexion en direct interrompue&nbsp;: la page se met à jour toutes les 3&nbsp;secondes.</p> : null}
        </div>
      </header>
      <div className={`container lc-layout${cid ? ' lc-layout-open' : ''}`}>
        <aside className="lc-inbox" aria-label="Boîte de réception">
          {inbox.error && !inbox.inbox ? (
            <div className="form-error" role="alert">
              <p>Les conversations n’ont pas pu être chargées. {inbox.error}</p>
              <button className="btn btn-secondary" type="button" onClick={inbox.load}>Réessayer</button>
            </div>
          ) : null}
          {!inbox.inbox && !inbox.error ? <p className="muted" role="status">Chargement des conversations…</p> : null}
          {inbox.inbox ? <InboxView inbox={inbox.inbox} admin={admin} selected={cid} now={now} /> : null}
        </aside>
        <section className="lc-main" aria-label="Conversation ouverte">
          {notice ? <p className={notice.alert ? 'form-error lc-notice' : 'notice-line lc-notice'} role={notice.alert ? 'alert' : 'status'}>{notice.text}</p> : null}
          {cid ? (
            <ConversationView open={conv.state} me={user.uid} meName={shownName(user.displayName, user.email)} admin={admin} canned={canned ?? []} now={now} outcome={outcome} onSent={onSent} />
          ) : (
            <p className="lc-pick muted">Choisissez une conversation dans la liste pour la lire et y répondre.</p>
          )}
        </section>
      </div>
    </>
  );
}
