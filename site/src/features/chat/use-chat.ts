import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import {
  canSend, failureReply, getAvailability, getConversation, localMessage, markRead, maxId, mergeMessages, sendMessage,
  sendTyping, startConversation, switchMode,
  type Availability, type ChatMessage, type ChatMode, type Conversation, type Exchange, type Live, type LiveState,
} from './chat';
import { openChatStream } from './chat-stream';
import { storeConversation, storedConversation } from '../../lib/chat-storage';

/** The state of the chat panel. */
export interface ChatState {
  /** idle until first opened; loading while the conversation is fetched or started. */
  phase: 'idle' | 'loading' | 'ready' | 'failed';
  id: string | null;
  mode: ChatMode;
  messages: ChatMessage[];
  /** A reply is awaited: the input and the send button are disabled. */
  pending: boolean;
  /**
   * Nobody is online and the visitor asked for an agent: the panel offers
   * a callback or a message answered by e-mail (PRODUCT.md 8).
   */
  offer: boolean;
  /** In agent mode: waiting for an agent, or with one. */
  live: Live | null;
  /** Whether an agent is available, as the stream last said (null: not told yet). */
  available: boolean | null;
  /** The availability line shown beside « Parler à un agent ». */
  availability: Availability | null;
  /** The name of the agent who is typing, if one is. */
  agentTyping: string | null;
  /** The last message ID the agent has read. */
  agentRead: number;
}

type Action =
  | { type: 'loading' }
  | { type: 'loaded'; id: string; conversation: Conversation }
  | { type: 'failed' }
  | { type: 'pending'; pending: boolean }
  | { type: 'offer'; offer: boolean }
  | { type: 'append'; messages: ChatMessage[] }
  | { type: 'merge'; messages: ChatMessage[]; localId?: number; mode?: ChatMode; live?: Live | null }
  | { type: 'state'; state: LiveState }
  | { type: 'typing'; typing: boolean; name: string }
  | { type: 'read'; upTo: number }
  | { type: 'availability'; availability: Availability }
  | { type: 'linked'; id: string | null };

export const initialChat: ChatState = {
  phase: 'idle', id: null, mode: 'bot', messages: [], pending: false, offer: false,
  live: null, available: null, availability: null, agentTyping: null, agentRead: 0,
};

function sameLive(a: Live | null, b: Live | null): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Where the conversation stands: a live agent may type, a waiting or bot one has nobody typing. */
function withLive(state: ChatState, mode: ChatMode, live: Live | null): ChatState {
  const held = mode === 'agent' ? live : null;
  return {
    ...state,
    mode,
    live: held,
    agentRead: Math.max(state.agentRead, held?.agentRead ?? 0),
    agentTyping: held?.state === 'live' ? state.agentTyping : null,
  };
}

/** The state transitions of the chat, pure for tests. */
export function chatReducer(state: ChatState, action: Action): ChatState {
  switch (action.type) {
    case 'loading':
      return { ...state, phase: 'loading' };
    case 'loaded':
      return withLive(
        { ...state, phase: 'ready', id: action.id, messages: action.conversation.messages },
        action.conversation.mode, action.conversation.live ?? null,
      );
    case 'failed':
      return { ...state, phase: 'failed', messages: [...state.messages, localMessage('bot', failureReply)] };
    case 'pending':
      return { ...state, pending: action.pending };
    case 'offer':
      return action.offer === state.offer ? state : { ...state, offer: action.offer };
    case 'append':
      return { ...state, messages: [...state.messages, ...action.messages] };
    case 'merge': {
      const messages = mergeMessages(state.messages, action.messages, action.localId);
      let next = messages === state.messages ? state : { ...state, messages };
      // The agent's message ends their typing.
      if (next.agentTyping && action.messages.some((m) => m.sender === 'agent' && !state.messages.some((o) => o.id === m.id))) {
        next = { ...next, agentTyping: null };
      }
      if (action.mode !== undefined && (action.mode !== state.mode || (action.live !== undefined && !sameLive(action.live, state.live)))) {
        next = withLive(next, action.mode, action.live !== undefined ? action.live : state.live);
      }
      return next;
    }
    case 'state': {
      const live = action.state.live ?? null;
      if (action.state.mode === state.mode && action.state.available === state.available && sameLive(live, state.live)) return state;
      return { ...withLive(state, action.state.mode, live), available: action.state.available };
    }
    case 'typing': {
      const agentTyping = action.typing ? action.name || 'Votre conseiller' : null;
      return agentTyping === state.agentTyping ? state : { ...state, agentTyping };
    }
    case 'read':
      return action.upTo > state.agentRead ? { ...state, agentRead: action.upTo } : state;
    case 'availability':
      return { ...state, availability: action.availability };
    case 'linked':
      return { ...state, id: action.id };
  }
}

/** The visitor's last stored message the agent has read, whose « Lu » shows; null when none. */
export function lastReadMessage(state: Pick<ChatState, 'messages' | 'agentRead'>): number | null {
  let found: number | null = null;
  for (const m of state.messages) if (m.sender === 'user' && m.id > 0 && m.id <= state.agentRead) found = m.id;
  return found;
}

/**
 * How long until the callback offer shows, while waiting for an agent:
 * callbackAfterMs after waitingSince, bounded to [0, callbackAfterMs] so
 * that a wrong clock in the browser neither hides it nor shows it at once
 * forever. Null when nobody is waited for.
 */
export function callbackDelay(live: Live | null, now: number): number | null {
  if (!live || live.state !== 'waiting') return null;
  const since = live.waitingSince ? Date.parse(live.waitingSince) : Number.NaN;
  if (Number.isNaN(since)) return live.callbackAfterMs;
  return Math.min(Math.max(since + live.callbackAfterMs - now, 0), live.callbackAfterMs);
}

/** Whether the callback offer shows: once the wait has lasted callbackAfterMs. */
export function useCallbackOffer(live: Live | null): boolean {
  const [due, setDue] = useState(false);
  const waiting = live?.state === 'waiting' ? `${live.waitingSince ?? ''}|${live.callbackAfterMs}` : null;
  const latest = useRef(live);
  latest.current = live;
  useEffect(() => {
    setDue(false);
    const ms = callbackDelay(latest.current, Date.now());
    if (ms === null) return;
    if (ms <= 0) {
      setDue(true);
      return;
    }
    const t = setTimeout(() => setDue(true), ms);
    return () => clearTimeout(t);
  }, [waiting]);
  return due;
}

/** The first load is over, well or not: messages and mode switches may go. */
export function settled(state: ChatState): boolean {
  return state.phase === 'ready' || state.phase === 'failed';
}

/** Reads the conversation this browser keeps, or starts one when there is none (or it is gone). */
async function openConversation(): Promise<{ id: string; conversation: Conversation }> {
  const stored = storedConversation();
  if (stored) {
    try {
      return { id: stored, conversation: await getConversation(stored) };
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      storeConversation(null);
    }
  }
  const conversation = await startConversation();
  if (!conversation.id) throw new Error('conversation sans identifiant');
  storeConversation(conversation.id);
  return { id: conversation.id, conversation };
}

/** How long the agent's typing shows without news, and the visitor's rhythm of telling theirs. */
export const typingTiming = { agentStaleMs: 6000, visitorEveryMs: 3000, visitorIdleMs: 5000, readDebounceMs: 400 };

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/** The highest ID of a stored agent message. */
function lastAgentId(messages: readonly ChatMessage[]): number {
  return messages.reduce((max, m) => (m.sender === 'agent' && m.id > max ? m.id : max), 0);
}

/**
 * The chat of the widget: loads or starts the conversation on first open,
 * sends messages, switches modes (with nobody online, the offer of a callback or an e-mail), and shows
 * the failure reply of SPEC.md §8 when a request fails. Once loaded, it
 * follows the conversation's stream (docs/live-chat.md): the agent's
 * messages, typing and reading, the state of the hand-off; it tells the
 * agent when the visitor types and what they have read.
 */
export function useChat(open: boolean) {
  const [state, dispatch] = useReducer(chatReducer, initialChat);
  const alive = useRef(true);
  const loading = useRef(false);
  // Set at once, unlike state.pending: two quick presses of Enter send one message.
  const busy = useRef(false);
  const current = useRef(state);
  current.current = state;
  const ready = settled(state);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (!open || state.phase !== 'idle' || loading.current) return;
    loading.current = true;
    dispatch({ type: 'loading' });
    openConversation()
      .then(({ id, conversation }) => alive.current && dispatch({ type: 'loaded', id, conversation }))
      .catch(() => alive.current && dispatch({ type: 'failed' }))
      .finally(() => {
        loading.current = false;
      });
  }, [open, state.phase]);

  // The stream of the conversation, from its load (the panel has been opened) to a change of ID or the end.
  useEffect(() => {
    if (!state.id || !ready) return;
    let stale: ReturnType<typeof setTimeout> | undefined;
    const stream = openChatStream(state.id, {
      after: () => maxId(current.current.messages),
      onMessages: (messages) => dispatch({ type: 'merge', messages }),
      onState: (s) => dispatch({ type: 'state', state: s }),
      onTyping: (typing, name) => {
        clearTimeout(stale);
        dispatch({ type: 'typing', typing, name });
        if (typing) stale = setTimeout(() => dispatch({ type: 'typing', typing: false, name }), typingTiming.agentStaleMs);
      },
      onRead: (upTo) => dispatch({ type: 'read', upTo }),
    });
    return () => {
      stream.close();
      clearTimeout(stale);
    };
  }, [state.id, ready]);

  // Availability, before asking for an agent: on each opening in bot mode,
  // and again when the stream says it changed.
  const botMode = state.mode === 'bot';
  const fetchAvailability = useCallback(() => {
    getAvailability()
      .then((availability) => alive.current && dispatch({ type: 'availability', availability }))
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    if (open && botMode) fetchAvailability();
  }, [open, botMode, fetchAvailability]);
  useEffect(() => {
    const told = current.current.availability;
    if (state.available !== null && told && told.available !== state.available) fetchAvailability();
  }, [state.available, fetchAvailability]);

  // The visitor's typing, told to the agent: true at most every 3 s, false on send or after 5 s idle.
  const typing = useRef({ on: '', at: 0, idle: undefined as ReturnType<typeof setTimeout> | undefined });
  const stopTyping = useCallback(() => {
    const t = typing.current;
    clearTimeout(t.idle);
    t.idle = undefined;
    // on: the conversation told that the visitor types.
    if (t.on) void sendTyping(t.on, false).catch(() => undefined);
    t.on = '';
    t.at = 0;
  }, []);
  const typed = useCallback((text: string) => {
    const { id, mode } = current.current;
    if (mode !== 'agent' || !id) return;
    if (text.trim() === '') {
      stopTyping();
      return;
    }
    const t = typing.current;
    const now = Date.now();
    if (t.on !== id || now - t.at >= typingTiming.visitorEveryMs) {
      t.on = id;
      t.at = now;
      void sendTyping(id, true).catch(() => undefined);
    }
    clearTimeout(t.idle);
    t.idle = setTimeout(stopTyping, typingTiming.visitorIdleMs);
  }, [stopTyping]);
  useEffect(() => stopTyping, [state.id, state.mode, stopTyping]);

  // What the visitor has read, told to the agent: the panel open on a visible page, new agent messages shown.
  const [visible, setVisible] = useState(pageVisible);
  useEffect(() => {
    const onChange = () => setVisible(pageVisible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  const read = useRef(0);
  const agentLast = lastAgentId(state.messages);
  useEffect(() => {
    if (!open || !visible || !state.id || agentLast <= read.current) return;
    const id = state.id;
    const t = setTimeout(() => {
      const upTo = maxId(current.current.messages);
      if (upTo <= read.current) return;
      read.current = upTo;
      void markRead(id, upTo).catch(() => undefined);
    }, typingTiming.readDebounceMs);
    return () => clearTimeout(t);
  }, [open, visible, state.id, agentLast]);

  // Runs a request that adds messages, and opens the offer when the server
  // says nobody is online. The stream may bring the same messages: merged
  // by ID, never twice.
  const exchange = useCallback(async (request: (id: string) => Promise<Exchange>, localId?: number) => {
    busy.current = true;
    dispatch({ type: 'pending', pending: true });
    try {
      let id = state.id;
      if (!id) {
        // The first load failed, or the conversation was lost: start again, keeping what is shown.
        id = (await openConversation()).id;
        dispatch({ type: 'linked', id });
      }
      const ex = await request(id);
      const [first, ...rest] = ex.messages;
      const replies = localId !== undefined && first ? rest : ex.messages;
      if (!alive.current) return;
      if (localId !== undefined && first) dispatch({ type: 'merge', messages: [first], localId });
      dispatch({ type: 'merge', messages: replies, mode: ex.mode, live: ex.live });
      if (ex.mine) dispatch({ type: 'append', messages: [{ ...ex.mine, id: localMessage('bot', '').id }] });
      if (ex.offer) dispatch({ type: 'offer', offer: true });
    } catch (err) {
      if (!alive.current) return;
      dispatch({ type: 'append', messages: [localMessage('bot', failureReply)] });
      // The conversation is gone (signed out in another tab, or past its
      // 12 months): the next message starts a new one.
      if (err instanceof ApiError && err.status === 404) {
        storeConversation(null);
        dispatch({ type: 'linked', id: null });
      }
    } finally {
      busy.current = false;
      if (alive.current) dispatch({ type: 'pending', pending: false });
    }
  }, [state.id]);

  const send = useCallback((text: string): boolean => {
    if (busy.current || !canSend(text, state.pending) || !settled(state)) return false;
    stopTyping();
    const mine = localMessage('user', text.trim());
    dispatch({ type: 'append', messages: [mine] });
    void exchange((id) => sendMessage(id, text), mine.id);
    return true;
  }, [exchange, stopTyping, state.pending, state.phase]);

  const setMode = useCallback((mode: ChatMode) => {
    if (busy.current || state.pending || !settled(state) || state.mode === mode) return;
    void exchange((id) => switchMode(id, mode));
  }, [exchange, state.pending, state.phase, state.mode]);

  /** A request was filed from the conversation: its line joins the log, the offer closes. */
  const filed = useCallback((message?: ChatMessage) => {
    if (message) dispatch({ type: 'merge', messages: [message] });
    dispatch({ type: 'offer', offer: false });
  }, []);

  /** The visitor turns the offer down: back to the conversation. */
  const dismissOffer = useCallback(() => dispatch({ type: 'offer', offer: false }), []);

  return { state, send, setMode, typed, filed, dismissOffer };
}
