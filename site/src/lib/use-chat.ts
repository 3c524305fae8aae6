import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError } from './api';
import {
  canSend, failureReply, getConversation, localMessage, sendMessage, startConversation, switchMode,
  type ChatMessage, type ChatMode, type Conversation, type Exchange,
} from './chat';
import { storeConversation, storedConversation } from './chat-storage';

/** The state of the chat panel. */
export interface ChatState {
  /** idle until first opened; loading while the conversation is fetched or started. */
  phase: 'idle' | 'loading' | 'ready' | 'failed';
  id: string | null;
  mode: ChatMode;
  messages: ChatMessage[];
  /** A reply is awaited: the input and the send button are disabled. */
  pending: boolean;
}

type Action =
  | { type: 'loading' }
  | { type: 'loaded'; id: string; conversation: Conversation }
  | { type: 'failed' }
  | { type: 'pending'; pending: boolean }
  | { type: 'append'; messages: ChatMessage[]; mode?: ChatMode }
  | { type: 'replace'; localId: number; message: ChatMessage }
  | { type: 'linked'; id: string | null };

export const initialChat: ChatState = { phase: 'idle', id: null, mode: 'bot', messages: [], pending: false };

/** The state transitions of the chat, pure for tests. */
export function chatReducer(state: ChatState, action: Action): ChatState {
  switch (action.type) {
    case 'loading':
      return { ...state, phase: 'loading' };
    case 'loaded':
      return { ...state, phase: 'ready', id: action.id, mode: action.conversation.mode, messages: action.conversation.messages };
    case 'failed':
      return { ...state, phase: 'failed', messages: [...state.messages, localMessage('bot', failureReply)] };
    case 'pending':
      return { ...state, pending: action.pending };
    case 'append':
      return { ...state, mode: action.mode ?? state.mode, messages: [...state.messages, ...action.messages] };
    case 'replace':
      return { ...state, messages: state.messages.map((m) => (m.id === action.localId ? action.message : m)) };
    case 'linked':
      return { ...state, id: action.id };
  }
}

/** The first load is over, well or not: messages and mode switches may go. */
export function settled(state: ChatState): boolean {
  return state.phase === 'ready' || state.phase === 'failed';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/**
 * The chat of the widget: loads or starts the conversation on first open,
 * sends messages, plays the agent's typing delay, switches modes, and shows
 * the failure reply of SPEC.md §8 when a request fails.
 */
export function useChat(open: boolean) {
  const [state, dispatch] = useReducer(chatReducer, initialChat);
  const alive = useRef(true);
  const loading = useRef(false);
  // Set at once, unlike state.pending: two quick presses of Enter send one message.
  const busy = useRef(false);

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

  // Runs a request that adds messages; the replies wait out the delay the
  // server asks for (the agent's typing), the indicator showing meanwhile.
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
      if (localId !== undefined && first && alive.current) dispatch({ type: 'replace', localId, message: first });
      if (ex.replyDelayMs > 0) await sleep(ex.replyDelayMs);
      if (alive.current) dispatch({ type: 'append', messages: replies, mode: ex.mode });
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
    const mine = localMessage('user', text.trim());
    dispatch({ type: 'append', messages: [mine] });
    void exchange((id) => sendMessage(id, text), mine.id);
    return true;
  }, [exchange, state.pending, state.phase]);

  const setMode = useCallback((mode: ChatMode) => {
    if (busy.current || state.pending || !settled(state) || state.mode === mode) return;
    void exchange((id) => switchMode(id, mode));
  }, [exchange, state.pending, state.phase, state.mode]);

  return { state, send, setMode };
}
