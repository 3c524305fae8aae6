import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { fetchInbox } from './api';
import type { Inbox } from './types';

/** How long the inbox waits for a burst of `inbox` events to end before it refetches. */
export const inboxDebounceMs = 300;

/** The inbox and how to refresh it: now (`load`), or after a burst of events (`soon`). */
export interface InboxState {
  inbox: Inbox | null;
  error: string;
  load: () => void;
  soon: () => void;
  /** Shows a presence change at once, before the server's answer. */
  setAway: (away: boolean) => void;
}

/** The agents' inbox; an older answer never overwrites a newer one. */
export function useInbox(): InboxState {
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [error, setError] = useState('');
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const loading = useRef(false);
  const load = useCallback(() => {
    clearTimeout(timer.current);
    const n = ++seq.current;
    loading.current = true;
    fetchInbox().then(
      (next) => { if (n === seq.current) { loading.current = false; setInbox(next); setError(''); } },
      (err: unknown) => { if (n === seq.current) { loading.current = false; setError(err instanceof ApiError ? err.message : 'Erreur inattendue.'); } },
    );
  }, []);
  const soon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(load, inboxDebounceMs);
  }, [load]);
  useEffect(() => {
    load();
    return () => clearTimeout(timer.current);
  }, [load]);
  const setAway = useCallback((away: boolean) => {
    // An answer already on its way predates the change and would undo it:
    // it is dropped, and the inbox asked again.
    if (loading.current) soon();
    seq.current++;
    setInbox((i) => (i ? { ...i, away } : i));
  }, [soon]);
  return { inbox, error, load, soon, setAway };
}
