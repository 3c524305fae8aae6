import { useEffect, useRef, useState } from 'react';
import { staffEventsUrl } from './api';
import type { StreamMessage, StreamRead, StreamTyping } from './types';

/** What the page does with the staff stream's events. */
export interface StreamHandlers {
  onMessage: (e: StreamMessage) => void;
  /** The inbox changed: refetch it. */
  onInbox: () => void;
  onTyping: (e: StreamTyping) => void;
  onRead: (e: StreamRead) => void;
  /** The stream is open; `again` after a failure, when events may have been missed. */
  onOpen: (again: boolean) => void;
}

/** After this many errors in a row the page polls until the stream opens again. */
export const failuresBeforePolling = 3;

function parse<T>(ev: Event): T | null {
  try {
    return JSON.parse((ev as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

/**
 * Keeps one EventSource on the staff stream while the page is open: the
 * server counts the agent present as long as it is. `polling` turns true
 * after three errors in a row and false when the stream opens again.
 * When the browser gives up (the server answered with an error), the
 * stream is opened again after a pause that grows up to 30 s.
 */
export function useStaffStream(handlers: StreamHandlers): { polling: boolean } {
  const h = useRef(handlers);
  useEffect(() => { h.current = handlers; });
  const [polling, setPolling] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setPolling(true);
      return undefined;
    }
    let source: EventSource | null = null;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const es = new EventSource(staffEventsUrl);
      source = es;
      es.addEventListener('open', () => {
        const again = failures > 0;
        failures = 0;
        setPolling(false);
        h.current.onOpen(again);
      });
      es.addEventListener('message', (ev) => { const d = parse<StreamMessage>(ev); if (d?.message) h.current.onMessage(d); });
      es.addEventListener('inbox', () => h.current.onInbox());
      es.addEventListener('typing', (ev) => { const d = parse<StreamTyping>(ev); if (d) h.current.onTyping(d); });
      es.addEventListener('read', (ev) => { const d = parse<StreamRead>(ev); if (d) h.current.onRead(d); });
      es.addEventListener('error', () => {
        failures += 1;
        if (failures >= failuresBeforePolling) setPolling(true);
        if (es.readyState === EventSource.CLOSED) {
          es.close();
          timer = setTimeout(connect, Math.min(3000 * failures, 30_000));
        }
      });
    };
    connect();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, []);
  return { polling };
}

/** Calls `tick` every `everyMs` while `on`. */
export function usePolling(on: boolean, tick: () => void, everyMs = 3000): void {
  const t = useRef(tick);
  useEffect(() => { t.current = tick; });
  useEffect(() => {
    if (!on) return undefined;
    const timer = setInterval(() => t.current(), everyMs);
    return () => clearInterval(timer);
  }, [on, everyMs]);
}
