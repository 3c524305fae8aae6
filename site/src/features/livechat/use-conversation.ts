import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError } from '../../lib/api';
import type { ChatMessage } from '../chat/chat';
import { fetchConversation } from './api';
import { mergeMessages } from './messages';
import type { LinkedRequest, StaffConversation } from './types';

/** The open conversation: its data once loaded, its messages (merged from every source), the visitor's typing and reading. */
export interface OpenConversation {
  cid: string;
  status: 'none' | 'loading' | 'ready' | 'failed';
  conversation: StaffConversation | null;
  requests: LinkedRequest[];
  messages: ChatMessage[];
  visitorRead: number;
  typing: boolean;
  error: string;
  notFound: boolean;
}

type Action =
  | { type: 'open'; cid: string }
  | { type: 'loaded'; cid: string; conversation: StaffConversation; requests: LinkedRequest[] }
  | { type: 'failed'; cid: string; error: ApiError | null }
  | { type: 'messages'; cid: string; messages: ChatMessage[] }
  | { type: 'typing'; cid: string; typing: boolean }
  | { type: 'read'; cid: string; upTo: number };

function empty(cid: string): OpenConversation {
  return { cid, status: cid ? 'loading' : 'none', conversation: null, requests: [], messages: [], visitorRead: 0, typing: false, error: '', notFound: false };
}

/** The reducer of the open conversation; an event of another conversation changes nothing. */
export function reduce(s: OpenConversation, a: Action): OpenConversation {
  if (a.type === 'open') return a.cid === s.cid ? s : empty(a.cid);
  if (a.cid !== s.cid) return s;
  switch (a.type) {
    case 'loaded':
      return {
        ...s, status: 'ready', conversation: a.conversation, requests: a.requests, error: '', notFound: false,
        messages: mergeMessages(s.messages, a.conversation.messages),
        visitorRead: Math.max(s.visitorRead, a.conversation.visitorRead),
      };
    case 'failed':
      // A network hiccup while polling keeps what is shown; a refusal (taken by another, gone) replaces it.
      if (s.status === 'ready' && (!a.error || a.error.status === 0)) return s;
      return { ...s, status: 'failed', error: a.error?.message ?? 'Erreur inattendue.', notFound: a.error?.status === 404 || a.error?.status === 403 };
    case 'messages': {
      const messages = mergeMessages(s.messages, a.messages);
      return { ...s, messages, typing: a.messages.some((m) => m.sender === 'user') ? false : s.typing };
    }
    case 'typing':
      return a.typing === s.typing ? s : { ...s, typing: a.typing };
    case 'read':
      return a.upTo > s.visitorRead ? { ...s, visitorRead: a.upTo } : s;
  }
}

/** A typing signal that is not renewed ends after this long (the « stop » may never come). */
export const typingTimeoutMs = 8000;

/** The conversation of the address, and the ways the page feeds it. */
export function useConversation(cid: string) {
  const [state, dispatch] = useReducer(reduce, cid, empty);
  const seq = useRef(0);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reload = useCallback(() => {
    if (!cid) return;
    const n = ++seq.current;
    fetchConversation(cid).then(
      (res) => { if (n === seq.current) dispatch({ type: 'loaded', cid, conversation: res.conversation, requests: res.requests ?? [] }); },
      (err: unknown) => { if (n === seq.current) dispatch({ type: 'failed', cid, error: err instanceof ApiError ? err : null }); },
    );
  }, [cid]);
  useEffect(() => {
    dispatch({ type: 'open', cid });
    reload();
    return () => clearTimeout(typingTimer.current);
  }, [cid, reload]);
  const addMessages = useCallback((to: string, messages: ChatMessage[]) => dispatch({ type: 'messages', cid: to, messages }), []);
  const setTyping = useCallback((to: string, typing: boolean) => {
    clearTimeout(typingTimer.current);
    dispatch({ type: 'typing', cid: to, typing });
    if (typing) typingTimer.current = setTimeout(() => dispatch({ type: 'typing', cid: to, typing: false }), typingTimeoutMs);
  }, []);
  const markRead = useCallback((to: string, upTo: number) => dispatch({ type: 'read', cid: to, upTo }), []);
  return { state, reload, addMessages, setTyping, markRead };
}
