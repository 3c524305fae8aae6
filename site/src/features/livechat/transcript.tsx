import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../chat/chat';
import { formatTime } from '../../lib/format';
import { lastAgentMessage } from './messages';

function time(iso: string): string {
  try {
    return formatTime(iso);
  } catch {
    return '';
  }
}

/** Who wrote a message, as the agent reads it. */
export function senderLabel(m: ChatMessage, visitor: string): string {
  switch (m.sender) {
    case 'user':
      return visitor;
    case 'agent':
      return m.agent?.name || 'Conseiller';
    case 'bot':
      return 'Assistant';
    default:
      return 'Information';
  }
}

interface TranscriptProps {
  messages: ChatMessage[];
  /** « Visiteur » or the signed-in client's name. */
  visitor: string;
  /** The signed-in member of staff's name when they answer here: their last message shows « Envoyé » or « Lu ». */
  myName?: string;
  visitorRead: number;
  typing: boolean;
}

/**
 * The conversation, oldest first: sender, text and time of each message,
 * system lines centred; « Lu » under the agent's last message once the
 * visitor has read it; « Le visiteur écrit… » while they type.
 */
export function Transcript({ messages, visitor, myName, visitorRead, typing }: TranscriptProps) {
  const box = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1]?.id;
  // The newest message in sight, without moving the page around the transcript.
  useEffect(() => { if (box.current) box.current.scrollTop = box.current.scrollHeight; }, [last, typing]);
  const mine = myName ? lastAgentMessage(messages, myName) : undefined;
  return (
    <div className="lc-transcript" ref={box} tabIndex={0} role="log" aria-label="Messages de la conversation">
      <ol className="lc-messages">
        {messages.map((m) => {
          const at = time(m.timestamp);
          if (m.sender === 'system') {
            return (
              <li key={m.id} className="lc-msg lc-msg-system">
                <span>{m.text}</span>{at ? <> · <time dateTime={m.timestamp}>{at}</time></> : null}
              </li>
            );
          }
          return (
            <li key={m.id} className={`lc-msg lc-msg-${m.sender}`}>
              <p className="lc-msg-meta">
                <strong>{senderLabel(m, visitor)}</strong>
                {at ? <> · <time dateTime={m.timestamp}>{at}</time></> : null}
              </p>
              <p className="lc-msg-text">{m.text}</p>
              {m.links?.length ? <p className="lc-msg-links">Liens proposés&nbsp;: {m.links.map((l) => l.label).join(', ')}</p> : null}
              {mine?.id === m.id ? <p className="lc-msg-state">{visitorRead >= m.id ? 'Lu' : 'Envoyé'}</p> : null}
            </li>
          );
        })}
      </ol>
      <p className="lc-typing">{typing ? 'Le visiteur écrit…' : ''}</p>
    </div>
  );
}
