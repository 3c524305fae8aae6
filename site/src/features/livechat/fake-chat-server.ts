// Test doubles of the live chat's server side, for the page's vitest tests:
// a fetch that answers like docs/live-chat.md, and an EventSource the test drives.
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { ChatMessage } from '../chat/chat';
import type { Canned, Inbox, LinkedRequest, StaffConversation } from './types';

/** An EventSource whose events the test sends. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private handlers = new Map<string, ((e: Event) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: Event) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  removeEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** Sends one event, as the server would. */
  emit(type: string, data?: unknown) {
    if (type === 'open') this.readyState = FakeEventSource.OPEN;
    const e = new MessageEvent(type, { data: data === undefined ? '' : JSON.stringify(data) });
    act(() => { for (const fn of this.handlers.get(type) ?? []) fn(e); });
  }
  /** The last stream opened. */
  static get last(): FakeEventSource {
    const es = FakeEventSource.all[FakeEventSource.all.length - 1];
    if (!es) throw new Error('no EventSource was opened');
    return es;
  }
}

/** A message as the API returns it. */
export const msg = (id: number, sender: ChatMessage['sender'], text: string, agent?: string): ChatMessage => ({
  id, sender, text, timestamp: '2026-03-10T09:00:00.000Z', ...(agent ? { agent: { name: agent, role: 'Conseiller' } } : {}),
});

const json = (status: number, body?: unknown) =>
  status === 204 ? new Response(null, { status }) : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** What the fake server holds; a test changes it between calls. */
export interface ChatServer {
  inbox: Inbox;
  conversations: Record<string, { conversation: StaffConversation; requests: LinkedRequest[] } | { status: number; error: string }>;
  canned: Canned[];
  take: (cid: string) => Response;
  /** Answers a reply the agent sends; by default, stored at once. */
  reply: (text: string) => Response | Promise<Response>;
  calls: string[];
  nextId: number;
  /** Holds a call's answer, made when the call came, until the promise it returns settles. */
  hold: (call: string) => Promise<void> | undefined;
}

/** Stubs fetch and EventSource; returns the server's state. */
export function fakeChatServer(init: Partial<ChatServer>): ChatServer {
  const s: ChatServer = {
    inbox: { away: false, available: true, waiting: [], mine: [], others: [] },
    conversations: {},
    canned: [],
    take: () => json(200, {}),
    reply: (text) => json(201, { message: msg(s.nextId++, 'agent', text, 'Julie Martin') }),
    calls: [],
    nextId: 100,
    hold: () => undefined,
    ...init,
  };
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', vi.fn(async (url: string, req?: RequestInit) => {
    const call = `${req?.method ?? 'GET'} ${url}${req?.body ? ` ${String(req.body)}` : ''}`;
    s.calls.push(call);
    const res = await answer(url, req);
    await s.hold(call);
    return res;
  }));
  /** The answer as the server makes it when the call comes. */
  async function answer(url: string, req?: RequestInit): Promise<Response> {
    if (url === '/api/chat/inbox') return json(200, s.inbox);
    if (url === '/api/chat/canned') return json(200, { canned: s.canned });
    if (url === '/api/desk/staff') return json(200, { staff: [{ uid: 'julie', name: 'Julie Martin' }, { uid: 'paul', name: 'Paul Roux' }] });
    if (url === '/api/chat/staff/presence') {
      const { away } = JSON.parse(String(req?.body)) as { away: boolean };
      s.inbox = { ...s.inbox, away };
      return json(200, { away });
    }
    const m = /^\/api\/chat\/staff\/conversations\/([^/]+)(?:\/(\w+))?$/.exec(url);
    const cid = decodeURIComponent(m?.[1] ?? '');
    const c = s.conversations[cid];
    if (!m || !c) return json(404, { error: 'Cette conversation n\'existe pas.' });
    if ('status' in c) return json(c.status, { error: c.error });
    switch (m[2]) {
      case undefined: return json(200, c);
      case 'take': return s.take(cid);
      case 'messages': return s.reply((JSON.parse(String(req?.body)) as { text: string }).text);
      default: return json(204);
    }
  }
  return s;
}
