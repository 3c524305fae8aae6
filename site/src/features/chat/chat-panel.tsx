import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ChatOfferChoices, ChatOfferForm, type OfferChoice } from '../contact/chat-offer';
import { canSend, maxId, maxMessageLength, type ChatMessage } from './chat';
import { lastReadMessage, settled, useCallbackOffer, useChat } from './use-chat';
import { AgentAvatar, ChatMessageView } from './chat-message';
import './chat-panel.css';

/** The panel's props: whether it shows, and how to close it (focus goes back to the launcher). */
export interface ChatPanelProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** How many agent messages came while the panel was closed (0 once it opens). */
  onUnread?: (count: number) => void;
}

/** The visitor's last words in the conversation, to start a message with. */
function lastWords(messages: readonly ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.sender === 'user') return messages[i]?.text ?? '';
  return '';
}

/**
 * The header's subtitle: « En ligne » only when an advisor is (PRODUCT.md
 * 8); the assistant alone says what it is.
 */
export function chatSubtitle(agent: { role: string } | undefined, advisorOnline: boolean | null): string {
  if (agent) return `${agent.role} • En ligne`;
  if (advisorOnline) return 'En ligne • Prêt à vous aider';
  return advisorOnline === false ? 'Assistant automatique • Aucun conseiller en ligne' : 'Assistant automatique • Prêt à vous aider';
}

/**
 * The chat panel of SPEC.md §2 and §4: header, agent switch, messages
 * announced to screen readers, typing indicator, and the input (Enter
 * sends, Shift+Enter starts a new line). Loaded on the first open. With a
 * real agent (docs/live-chat.md): whether one is available before asking,
 * the wait, the agent's name in the header, their typing, and « Lu »
 * under what they have read. With none online (PRODUCT.md 8), the offer
 * of a callback or a message answered by e-mail, filed from the panel.
 */
export default function ChatPanel({ id, open, onClose, onUnread }: ChatPanelProps) {
  const { state, send, setMode, typed, filed, dismissOffer } = useChat(open);
  const [text, setText] = useState('');
  const [choice, setChoice] = useState<OfferChoice | null>(null);
  const titleId = useId();
  const inputId = useId();
  const availabilityId = useId();
  const panel = useRef<HTMLElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const ready = settled(state);
  const agentMode = state.mode === 'agent';
  const waiting = agentMode && state.live?.state === 'waiting';
  const agent = agentMode && state.live?.state === 'live' ? state.live.agent : undefined;
  const offerCallback = useCallbackOffer(agentMode ? state.live : null);
  const readId = agentMode ? lastReadMessage(state) : null;
  const availability = !agentMode && ready ? state.availability : null;
  const advisorOnline = state.available ?? state.availability?.available ?? null;
  // Nobody online: the answer to « Parler à un agent », or a wait no agent came to.
  const showOffer = state.offer || (waiting && (offerCallback || state.available === false));
  const offerForm = showOffer && choice !== null && state.id !== null;

  // Focus moves into the panel when it opens.
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  // The input is disabled while a reply is pending; focus comes back to it after.
  useEffect(() => {
    if (open && !state.pending && ready && (document.activeElement === document.body || !document.activeElement)) {
      input.current?.focus();
    }
  }, [open, state.pending, ready]);

  // New messages come into view from the top of the first one, so that a
  // long reply is read from its start; short ones leave the log at its end.
  const seen = useRef(0);
  useEffect(() => {
    const el = log.current;
    const items = list.current?.children;
    if (!el || !items || !open) return;
    const count = items.length;
    const first = items[seen.current] as HTMLElement | undefined;
    seen.current = count;
    if (!first) {
      el.scrollTop = el.scrollHeight;
      return;
    }
    el.scrollTop += first.getBoundingClientRect().top - el.getBoundingClientRect().top - 12;
  }, [state.messages.length, open]);

  // The offer takes room under the log: the statement above it stays in sight.
  useEffect(() => {
    const el = log.current;
    if (showOffer && el) el.scrollTop = el.scrollHeight;
  }, [showOffer]);

  // The agent may answer while the panel is closed: the launcher counts those messages.
  const seenUpTo = useRef(0);
  const newest = maxId(state.messages);
  useEffect(() => {
    if (open) {
      seenUpTo.current = Math.max(seenUpTo.current, newest);
      onUnread?.(0);
      return;
    }
    onUnread?.(state.messages.filter((m) => m.sender === 'agent' && m.id > seenUpTo.current).length);
  }, [open, newest, onUnread, state.messages]);

  // Escape closes, from the panel or when a disabled input dropped the focus.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      const target = e.target as Node | null;
      if (e.key === 'Escape' && (target === document.body || panel.current?.contains(target))) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  // On a phone the panel covers the page: following a link closes it, so the page shows.
  function closeIfCovering() {
    if (window.matchMedia('(max-width: 600px)').matches) onClose();
  }

  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (send(text)) setText('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  }

  // A real agent's typing comes from the stream; the assistant's reply is
  // awaited with the request. Nobody else ever « types ».
  let typing: string | null = null;
  if (state.agentTyping) typing = `${state.agentTyping} écrit…`;
  else if (!agentMode && (state.pending || state.phase === 'loading')) typing = 'L’assistant écrit…';
  return (
    <section ref={panel} id={id} className="chat-panel" role="dialog" aria-modal="false" aria-labelledby={titleId} hidden={!open}>
      <header className="chat-header">
        {agent ? (
          <AgentAvatar agent={agent} size={38} className="chat-header-avatar" />
        ) : (
          <span className="chat-header-icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="22" height="22"><path fill="currentColor" d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3zm-4 8h2v2H8zm3 0h2v2h-2zm3 0h2v2h-2z" /></svg>
          </span>
        )}
        <div className="chat-heading">
          <h2 id={titleId}>{agent ? agent.name : 'Assistant'}</h2>
          <p className="chat-subtitle">{chatSubtitle(agent, advisorOnline)}</p>
        </div>
        <button type="button" className="chat-close" onClick={onClose} aria-label="Fermer">
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="chat-toolbar">
        <p className="chat-mode">{agentMode ? 'Avec votre conseiller' : 'Réponses automatiques'}</p>
        <button
          type="button"
          className="chat-switch"
          disabled={state.pending || !ready}
          aria-describedby={availability ? availabilityId : undefined}
          onClick={() => setMode(agentMode ? 'bot' : 'agent')}
        >
          {agentMode ? 'Retour à l’assistant' : 'Parler à un agent'}
        </button>
        {availability ? (
          <p id={availabilityId} className={`chat-availability${availability.available ? ' chat-available' : ''}`}>
            <span className="chat-dot" aria-hidden="true" />
            {availability.message}
          </p>
        ) : null}
      </div>
      {offerForm && state.id ? (
        <ChatOfferForm conversation={state.id} choice={choice} lastWords={lastWords(state.messages)}
          onFiled={(m) => { setChoice(null); filed(m); input.current?.focus(); }}
          onCancel={() => { setChoice(null); input.current?.focus(); }} />
      ) : null}
      <div ref={log} className="chat-log" role="log" aria-live="polite" aria-label="Messages de la conversation" hidden={offerForm}>
        <ol ref={list} className="chat-list">
          {state.messages.map((m) => (
            <ChatMessageView key={m.id} message={m} onNavigate={closeIfCovering} read={m.id === readId} />
          ))}
        </ol>
      </div>
      <div className="chat-status" role="status">
        {typing ? (
          <span className="chat-typing">
            <span className="chat-dots" aria-hidden="true"><span /><span /><span /></span>
            <span className={state.agentTyping ? 'chat-typing-name' : 'visually-hidden'}>{typing}</span>
          </span>
        ) : null}
        {waiting && !showOffer ? <p className="chat-waiting">En attente d’un conseiller…</p> : null}
        {waiting && showOffer && !state.offer ? (
          <p className="chat-waiting">
            {state.available === false ? 'Aucun conseiller n’est en ligne pour le moment.' : 'Personne n’a encore pris votre demande.'}
          </p>
        ) : null}
        {showOffer && !offerForm ? (
          <ChatOfferChoices onChoose={setChoice} onDismiss={() => (waiting ? setMode('bot') : dismissOffer())} />
        ) : null}
      </div>
      <form className="chat-form" onSubmit={submit} hidden={offerForm}>
        <label className="visually-hidden" htmlFor={inputId}>Votre message</label>
        <textarea
          ref={input}
          id={inputId}
          className="chat-input"
          rows={1}
          maxLength={maxMessageLength}
          placeholder="Tapez votre message…"
          value={text}
          disabled={state.pending}
          onChange={(e) => {
            setText(e.target.value);
            typed(e.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="chat-send" disabled={!canSend(text, state.pending) || !ready} aria-label="Envoyer">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M3 20.5 21 12 3 3.5 3 10l12 2-12 2z" /></svg>
        </button>
      </form>
    </section>
  );
}
