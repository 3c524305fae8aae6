import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openChatStream, streamTiming, type StreamHandlers } from './chat-stream';
import type { ChatMessage, LiveState } from './chat';
import { FakeEventSource } from './chat-test-helpers';

const at = '2026-03-02T13:05:00.000Z';
const msg = (id: number, sender: ChatMessage['sender'] = 'agent', text = `message ${id}`): ChatMessage => ({ id, sender, text, timestamp: at });

function recorder(after = 7) {
  const got = { messages: [] as number[], states: [] as LiveState[], typing: [] as [boolean, string][], read: [] as number[] };
  const handlers: StreamHandlers = {
    after: () => after,
    onMessages: (ms) => got.messages.push(...ms.map((m) => m.id)),
    onState: (s) => got.states.push(s),
    onTyping: (t, name) => got.typing.push([t, name]),
    onRead: (upTo) => got.read.push(upTo),
  };
  return { got, handlers, setAfter: (n: number) => { after = n; } };
}

/** A fetch that answers the polling requests with the messages after N, and records the addresses. */
function pollingServer(messages: ChatMessage[] = [], status = 200) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    urls.push(url);
    if (status !== 200) return new Response(JSON.stringify({ error: 'introuvable' }), { status, headers: { 'Content-Type': 'application/json' } });
    const after = Number(new URL(url, 'http://x').searchParams.get('after'));
    return new Response(JSON.stringify({ mode: 'agent', live: null, available: true, messages: messages.filter((m) => m.id > after) }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }));
  return urls;
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('openChatStream', () => {
  it('opens the events after the highest known ID and hands over every kind of event', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { got, handlers } = recorder(7);
    const stream = openChatStream('conv 1', handlers);
    const es = FakeEventSource.last();
    expect(es.url).toBe('/api/chat/conversations/conv%201/events?after=7');
    es.emit('state', { mode: 'agent', live: { state: 'waiting', callbackAfterMs: 120000, agentRead: 0 }, available: true });
    es.emit('message', msg(8));
    es.emit('typing', { typing: true, name: 'Julie Martin' });
    es.emit('read', { upTo: 8 });
    expect(got.messages).toEqual([8]);
    expect(got.states.map((s) => s.live?.state)).toEqual(['waiting']);
    expect(got.typing).toEqual([[true, 'Julie Martin']]);
    expect(got.read).toEqual([8]);
    expect(stream.transport()).toBe('stream');
    stream.close();
    expect(es.readyState).toBe(2);
    expect(stream.transport()).toBe('closed');
  });

  it('polls every 2 s where there is no EventSource, from the highest ID held at each poll', async () => {
    vi.stubGlobal('EventSource', undefined);
    const urls = pollingServer([msg(8), msg(9)]);
    const { got, handlers, setAfter } = recorder(7);
    const stream = openChatStream('c', handlers);
    expect(stream.transport()).toBe('poll');
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toEqual(['/api/chat/conversations/c/messages?after=7']);
    expect(got.messages).toEqual([8, 9]);
    expect(got.states).toEqual([{ mode: 'agent', live: null, available: true }]);
    setAfter(9);
    await vi.advanceTimersByTimeAsync(1999);
    expect(urls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(urls.at(-1)).toBe('/api/chat/conversations/c/messages?after=9');
    expect(got.messages).toEqual([8, 9]);
    // No EventSource to come back to: polling goes on past a minute.
    await vi.advanceTimersByTimeAsync(streamTiming.retryStreamMs);
    expect(stream.transport()).toBe('poll');
    const count = urls.length;
    stream.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(urls).toHaveLength(count);
  });

  it('falls back to polling after 3 errors in a row, and tries the stream again after a minute', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const urls = pollingServer([msg(8)]);
    const { got, handlers, setAfter } = recorder(7);
    const stream = openChatStream('c', handlers);
    const first = FakeEventSource.last();
    first.fail();
    first.fail();
    first.emit('state', { mode: 'agent', live: null, available: false }); // news between: the count starts over
    first.fail();
    first.fail();
    expect(stream.transport()).toBe('stream');
    expect(urls).toEqual([]);
    first.fail();
    expect(stream.transport()).toBe('poll');
    expect(first.readyState).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toEqual(['/api/chat/conversations/c/messages?after=7']);
    expect(got.messages).toEqual([8]);
    setAfter(8);
    // An event of the closed stream changes nothing.
    first.emit('message', msg(99));
    expect(got.messages).toEqual([8]);
    await vi.advanceTimersByTimeAsync(streamTiming.retryStreamMs - 1);
    expect(urls.length).toBe(30);
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.last().url).toBe('/api/chat/conversations/c/events?after=8');
    expect(stream.transport()).toBe('stream');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(urls.length).toBe(30);
    stream.close();
  });

  it('falls back at once when the server refuses the stream (the browser will not retry it)', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const urls = pollingServer();
    const { handlers } = recorder(0);
    const stream = openChatStream('c', handlers);
    FakeEventSource.last().fail(2);
    expect(stream.transport()).toBe('poll');
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toEqual(['/api/chat/conversations/c/messages?after=0']);
    stream.close();
  });

  it('stops polling a conversation the server no longer knows', async () => {
    vi.stubGlobal('EventSource', undefined);
    const urls = pollingServer([], 404);
    const { handlers } = recorder(0);
    const stream = openChatStream('c', handlers);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(urls).toHaveLength(1);
    expect(stream.transport()).toBe('closed');
  });

  it('keeps polling through a network failure', async () => {
    vi.stubGlobal('EventSource', undefined);
    const fetchMock = vi.fn(async () => {
      throw new TypeError('réseau coupé');
    });
    vi.stubGlobal('fetch', fetchMock);
    const stream = openChatStream('c', recorder(0).handlers);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(stream.transport()).toBe('poll');
    stream.close();
  });

  it('lets the stream go when the tab stays hidden, and takes it up after the last message when it shows', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const { handlers, setAfter } = recorder(7);
    const stream = openChatStream('c', handlers);
    const first = FakeEventSource.last();
    const show = (v: DocumentVisibilityState) => {
      visibility = v;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    // Hidden for less than the delay: nothing changes.
    show('hidden');
    await vi.advanceTimersByTimeAsync(streamTiming.hiddenMs - 1);
    show('visible');
    await vi.advanceTimersByTimeAsync(streamTiming.hiddenMs);
    expect(first.readyState).not.toBe(2);
    expect(FakeEventSource.instances).toHaveLength(1);
    // Hidden for longer: the stream is let go, and taken up on return.
    show('hidden');
    await vi.advanceTimersByTimeAsync(streamTiming.hiddenMs);
    expect(first.readyState).toBe(2);
    setAfter(12);
    show('visible');
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.last().url).toBe('/api/chat/conversations/c/events?after=12');
    stream.close();
    show('hidden');
    show('visible');
    expect(FakeEventSource.instances).toHaveLength(2);
  });
});
