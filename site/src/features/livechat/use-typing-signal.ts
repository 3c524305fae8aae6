import { useCallback, useEffect, useRef } from 'react';
import { postTyping } from './api';

/** The agent's typing is told to the visitor at most this often. */
export const typingEveryMs = 3000;

/**
 * Tells the visitor the agent types: `typed` on every keystroke posts
 * « typing: true » at most every 3 s; `stopped` (message sent, composer
 * emptied) posts « typing: false » if « true » was said. A lost signal
 * does not matter: the visitor's indicator ends by itself.
 */
export function useTypingSignal(cid: string): { typed: () => void; stopped: () => void } {
  const last = useRef(0);
  useEffect(() => { last.current = 0; }, [cid]);
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - last.current < typingEveryMs) return;
    last.current = now;
    postTyping(cid, true).catch(() => undefined);
  }, [cid]);
  const stopped = useCallback(() => {
    if (last.current === 0) return;
    last.current = 0;
    postTyping(cid, false).catch(() => undefined);
  }, [cid]);
  return { typed, stopped };
}
