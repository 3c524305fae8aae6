import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachConversation, followSession } from './chat-session';
import { chatStorageKey } from './chat-storage';

/** Stubs fetch with one answer; returns the requests made. */
function answer(status: number) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    return status === 204 ? new Response(null, { status }) : new Response(JSON.stringify({ error: 'non' }), { status });
  }));
  return calls;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('followSession', () => {
  it.each([
    ['sign-in attaches the visitor conversation', null, 'u1', ['POST /api/chat/conversations/conv-1/attach'], 'conv-1'],
    ['sign-out forgets it', 'u1', null, [], null],
    ['another account forgets it', 'u1', 'u2', [], null],
    ['the same account (a profile edit) changes nothing', 'u1', 'u1', [], 'conv-1'],
    ['still a visitor changes nothing', null, null, [], 'conv-1'],
  ])('%s', async (_, before, after, requests, kept) => {
    localStorage.setItem(chatStorageKey, 'conv-1');
    const calls = answer(204);
    await followSession(before, after);
    expect(calls).toEqual(requests);
    expect(localStorage.getItem(chatStorageKey)).toBe(kept);
  });

  it('asks nothing when the browser keeps no conversation', async () => {
    const calls = answer(204);
    await followSession(null, 'u1');
    expect(calls).toEqual([]);
  });
});

describe('attachConversation', () => {
  it.each([
    ['keeps an attached conversation', 204, 'conv/1'],
    ['forgets one the server does not give this account', 404, null],
    ['keeps it when the server fails: the first message attaches it', 500, 'conv/1'],
  ])('%s', async (_, status, kept) => {
    localStorage.setItem(chatStorageKey, 'conv/1');
    const calls = answer(status);
    await attachConversation();
    expect(calls).toEqual(['POST /api/chat/conversations/conv%2F1/attach']);
    expect(localStorage.getItem(chatStorageKey)).toBe(kept);
  });

  it('keeps it when the network is down', async () => {
    localStorage.setItem(chatStorageKey, 'conv-1');
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('réseau coupé'); }));
    await attachConversation();
    expect(localStorage.getItem(chatStorageKey)).toBe('conv-1');
  });
});
