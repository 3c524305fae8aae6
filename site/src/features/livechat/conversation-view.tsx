import { Link } from 'react-router-dom';
import type { ChatMessage } from '../chat/chat';
import { productTitle } from '../quotes/quotes';
import { Composer } from './composer';
import { ContextCard } from './context-card';
import { ConversationActions, type ActionOutcome } from './conversation-actions';
import { whoName } from './labels';
import { Transcript } from './transcript';
import { useReadSignal } from './use-read-signal';
import type { OpenConversation } from './use-conversation';
import type { Canned } from './types';

interface ViewProps {
  open: OpenConversation;
  me: string;
  /** The name the server signs the signed-in member of staff's messages with. */
  meName: string;
  admin: boolean;
  canned: Canned[];
  now: number;
  outcome: ActionOutcome;
  onSent: (m: ChatMessage) => void;
}

/** Why the composer is not there, in one line. */
function noComposer(open: OpenConversation, me: string): string {
  const c = open.conversation;
  if (!c) return '';
  if (c.state === 'waiting') return 'Prenez la conversation pour répondre.';
  if (c.state === 'bot') return 'L’assistant a repris cette conversation.';
  return c.agent?.uid === me ? '' : `${c.agent?.name ?? 'Un autre conseiller'} suit cette conversation.`;
}

/** The open conversation: who and what, the actions, the transcript and the composer, the context. */
export function ConversationView({ open, me, meName, admin, canned, now, outcome, onSent }: ViewProps) {
  const c = open.conversation;
  const live = c?.state === 'live';
  // The holder answers, an admin too (pkg/chat: canWrite); only the holder's reading counts as read.
  const canWrite = live && (c.agent?.uid === me || admin);
  useReadSignal(open.cid, open.messages, live && c.agent?.uid === me);
  if (open.status === 'loading') return <p className="muted" role="status">Chargement de la conversation…</p>;
  if (open.status === 'failed' || !c) {
    return (
      <div className="lc-failed">
        <h2>{open.notFound ? 'Conversation inaccessible' : 'Conversation'}</h2>
        <p className="form-error" role="alert">{open.error || 'La conversation n’a pas pu être chargée.'}</p>
        <p><Link to="/dashboard/conversations">← Toutes les conversations</Link></p>
      </div>
    );
  }
  const visitor = whoName(c.who);
  return (
    <div className="lc-open">
      <div className="lc-open-head">
        <p className="back-link lc-back"><Link to="/dashboard/conversations">← Toutes les conversations</Link></p>
        <h2 className="lc-open-title">{visitor}{c.product ? <span className="lc-open-product"> · {productTitle(c.product)}</span> : null}</h2>
        <ConversationActions c={c} me={me} admin={admin} outcome={outcome} />
      </div>
      <div className="lc-open-body">
        <div className="lc-open-main">
          <Transcript messages={open.messages} visitor={visitor} myName={canWrite ? meName : undefined} visitorRead={open.visitorRead} typing={open.typing} />
          {canWrite ? <Composer key={open.cid} cid={open.cid} canned={canned} onSent={onSent} onRefused={outcome.onChanged} />
            : <p className="muted lc-no-composer">{noComposer(open, me)}</p>}
        </div>
        <ContextCard conversation={c} requests={open.requests} me={me} now={now} />
      </div>
    </div>
  );
}
