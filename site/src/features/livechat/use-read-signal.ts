import { useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../chat/chat';
import { postRead } from './api';
import { lastVisitorId } from './messages';

function useVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const on = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, []);
  return visible;
}

/**
 * Tells the server the agent has read the conversation, up to its newest
 * message, whenever the view shows a visitor's message not yet reported:
 * only while the page is in sight, and only for the agent who holds it.
 */
export function useReadSignal(cid: string, messages: ChatMessage[], active: boolean): void {
  const visible = useVisible();
  const reported = useRef({ cid: '', upTo: 0 });
  const visitor = lastVisitorId(messages);
  const newest = messages[messages.length - 1]?.id ?? 0;
  useEffect(() => {
    if (reported.current.cid !== cid) reported.current = { cid, upTo: 0 };
    if (!active || !visible || visitor === 0 || visitor <= reported.current.upTo) return;
    reported.current.upTo = newest;
    postRead(cid, newest).catch(() => { reported.current.upTo = 0; });
  }, [cid, active, visible, visitor, newest]);
}
