import { Link } from 'react-router-dom';
import { initials, type ChatAgent, type ChatMessage } from './chat';
import { formatTime } from '../../lib/format';

/** Who wrote a message, as a screen reader announces it. */
function authorOf(m: ChatMessage): string {
  switch (m.sender) {
    case 'user':
      return 'Vous';
    case 'agent':
      return m.agent ? `${m.agent.name}, ${m.agent.role.toLowerCase()}` : 'Votre conseiller';
    case 'system':
      return 'Information';
    default:
      return 'Assistant';
  }
}

function time(iso: string): string {
  try {
    return formatTime(iso);
  } catch {
    return '';
  }
}

/** A real agent's initials in a disc: no portrait, no persona (PRODUCT.md 8). */
export function AgentAvatar({ agent, size = 32, className = 'chat-agent-avatar' }: { agent: ChatAgent; size?: number; className?: string }) {
  return (
    <span className={`${className} chat-initials`} aria-hidden="true" style={{ width: size, height: size }}>
      {initials(agent.name)}
    </span>
  );
}

/**
 * One message of the chat: its author, text, links and hh:mm time; under
 * the visitor's last message the agent has read, a discreet « Lu ».
 */
export function ChatMessageView({ message, onNavigate, read = false }: { message: ChatMessage; onNavigate?: () => void; read?: boolean }) {
  const m = message;
  const at = time(m.timestamp);
  if (m.sender === 'system') {
    return (
      <li className="chat-message chat-message-system">
        <span className="visually-hidden">{authorOf(m)}&nbsp;: </span>
        <span className="chat-text">{m.text}</span>
        {at ? <> · <time className="chat-time" dateTime={m.timestamp}>{at}</time></> : null}
      </li>
    );
  }
  return (
    <li className={`chat-message chat-message-${m.sender}`}>
      {m.sender === 'agent' && m.agent ? (
        <div className="chat-agent">
          <AgentAvatar agent={m.agent} />
          <span>
            <strong>{m.agent.name}</strong>
            <span className="chat-agent-role">{m.agent.role}</span>
          </span>
        </div>
      ) : null}
      <div className="chat-bubble">
        <span className="visually-hidden">{m.sender === 'agent' && m.agent ? '' : `${authorOf(m)}\u00a0: `}</span>
        <p className="chat-text">{m.text}</p>
        {m.links?.length ? (
          <ul className="chat-links">
            {m.links.map((l) => (
              <li key={l.href}>
                <Link to={l.href} onClick={onNavigate}>{l.label}</Link>
              </li>
            ))}
          </ul>
        ) : null}
        {at ? <time className="chat-time" dateTime={m.timestamp}>{at}</time> : null}
      </div>
      {read ? <span className="chat-read">Lu<span className="visually-hidden"> par votre conseiller</span></span> : null}
    </li>
  );
}
