import { ApiError } from '../../lib/api';
import { eventsUrl, pollMessages, type ChatMessage, type LiveState } from './chat';

/** What the stream of a conversation tells (docs/live-chat.md, visitor API). */
export interface StreamHandlers {
  /** The highest message ID already held: the stream and the polling start after it. */
  after: () => number;
  onMessages: (messages: ChatMessage[]) => void;
  onState: (state: LiveState) => void;
  /** The agent types (true), or stopped (false). */
  onTyping: (typing: boolean, name: string) => void;
  /** The agent has read up to this message ID. */
  onRead: (upTo: number) => void;
}

/** How the stream falls back to polling and comes back. */
export interface StreamTiming {
  /** Between two polls. */
  pollMs: number;
  /** How long the polling lasts before the stream is tried again. */
  retryStreamMs: number;
  /** Errors in a row, with no event between them, that give the stream up. */
  maxErrors: number;
  /**
   * How long the tab may stay hidden before the stream is let go, until
   * it shows again: a browser holds at most 6 connections per site, and a
   * visitor with several tabs must not spend them all on streams.
   */
  hiddenMs: number;
}

export const streamTiming: StreamTiming = { pollMs: 2000, retryStreamMs: 60_000, maxErrors: 3, hiddenMs: 60_000 };

/** An open stream: how it gets the news now, and how to end it. */
export interface ChatStream {
  transport: () => 'stream' | 'poll' | 'closed';
  close: () => void;
}

function data<T>(e: Event): T | null {
  try {
    return JSON.parse((e as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

/**
 * Follows a conversation: an EventSource on its events (the browser sends
 * Last-Event-ID itself when it reconnects), or, where there is no
 * EventSource or it fails maxErrors times in a row, polling of its
 * messages every pollMs, the stream being tried again after retryStreamMs.
 * A conversation the server no longer knows (404) ends the polling.
 */
export function openChatStream(id: string, handlers: StreamHandlers, timing: StreamTiming = streamTiming): ChatStream {
  let now: 'stream' | 'poll' | 'closed' = 'stream';
  let source: EventSource | null = null;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  // Each change of transport starts a new generation; a poll of an older one does nothing.
  let generation = 0;

  function later(f: () => void, ms: number) {
    const t = setTimeout(() => {
      timers.delete(t);
      f();
    }, ms);
    timers.add(t);
  }

  function stop() {
    generation += 1;
    source?.close();
    source = null;
    for (const t of timers) clearTimeout(t);
    timers.clear();
  }

  function connect() {
    stop();
    const Source = globalThis.EventSource as typeof EventSource | undefined;
    if (typeof Source !== 'function') {
      poll(false);
      return;
    }
    now = 'stream';
    let errors = 0;
    const es = new Source(eventsUrl(id, handlers.after()));
    source = es;
    const on = <T>(name: string, use: (value: T) => void) => {
      es.addEventListener(name, (e) => {
        if (source !== es) return;
        errors = 0;
        const value = data<T>(e);
        if (value !== null && typeof value === 'object') use(value);
      });
    };
    on<ChatMessage>('message', (m) => typeof m.id === 'number' && handlers.onMessages([m]));
    on<LiveState>('state', (s) => handlers.onState(s));
    on<{ typing: boolean; name?: string }>('typing', (t) => handlers.onTyping(Boolean(t.typing), t.name ?? ''));
    on<{ upTo: number }>('read', (r) => typeof r.upTo === 'number' && handlers.onRead(r.upTo));
    es.addEventListener('error', () => {
      if (source !== es) return;
      errors += 1;
      // CLOSED: the server refused the stream, and the browser will not try it again.
      if (errors >= timing.maxErrors || es.readyState === 2) poll(true);
    });
  }

  function poll(thenStream: boolean) {
    stop();
    now = 'poll';
    const mine = generation;
    if (thenStream) later(connect, timing.retryStreamMs);
    const tick = async () => {
      try {
        const answer = await pollMessages(id, handlers.after());
        if (mine !== generation) return;
        handlers.onState({ mode: answer.mode, live: answer.live, available: answer.available });
        if (answer.messages.length > 0) handlers.onMessages(answer.messages);
      } catch (err) {
        if (mine !== generation) return;
        if (err instanceof ApiError && err.status === 404) {
          close();
          return;
        }
      }
      later(() => void tick(), timing.pollMs);
    };
    void tick();
  }

  // A tab hidden for timing.hiddenMs lets its stream go; shown again, it
  // takes it up after the last message it holds, missing nothing.
  let hiddenTimer: ReturnType<typeof setTimeout> | null = null;
  let paused = false;
  function onVisibility() {
    if (now === 'closed') return;
    if (document.visibilityState === 'hidden') {
      hiddenTimer ??= setTimeout(() => {
        hiddenTimer = null;
        paused = true;
        stop();
      }, timing.hiddenMs);
      return;
    }
    if (hiddenTimer !== null) clearTimeout(hiddenTimer);
    hiddenTimer = null;
    if (paused) {
      paused = false;
      connect();
    }
  }
  const watchVisibility = typeof document !== 'undefined';
  if (watchVisibility) document.addEventListener('visibilitychange', onVisibility);

  function close() {
    stop();
    now = 'closed';
    if (hiddenTimer !== null) clearTimeout(hiddenTimer);
    if (watchVisibility) document.removeEventListener('visibilitychange', onVisibility);
  }

  connect();
  return { transport: () => now, close };
}
