import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { chatStorageKey } from './chat-storage';
import { safeNext, setSessionUser, userFromMessage, useSession, type SessionUser } from './session';

describe('safeNext', () => {
  it.each([
    [null, '/dashboard'],
    ['/profile', '/profile'],
    ['/my-quotes?page=2', '/my-quotes?page=2'],
    ['https://evil.example/', '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    // Control characters, raw or percent-encoded, after the slash.
    ['/\r\n', '/dashboard'],
    ['/%0d%0a', '/dashboard'],
    ['/%0D%0ASet-Cookie:x', '/dashboard'],
    ['/\t', '/dashboard'],
    ['/%09', '/dashboard'],
    ['/\u0000', '/dashboard'],
    ['/%00', '/dashboard'],
    ['/%7f', '/dashboard'],
    ['/%c2%85', '/dashboard'],
    ['/profile\u0085', '/dashboard'],
    // Another origin hidden behind a backslash, spaces or encoding.
    ['/\\\\evil.example', '/dashboard'],
    ['/%5cevil.example', '/dashboard'],
    ['/%2fevil.example', '/dashboard'],
    ['/%2F%2Fevil.example', '/dashboard'],
    ['/\t/evil.example', '/dashboard'],
    [' /profile', '/dashboard'],
    ['/ profile', '/dashboard'],
    ['https://evil.example/profile', '/dashboard'],
    ['HTTPS://evil.example', '/dashboard'],
    ['%2F%2Fevil.example', '/dashboard'],
    ['', '/dashboard'],
    ['profile', '/dashboard'],
    ['/%', '/dashboard'],
    ['/%ff', '/dashboard'],
    ['/profilé', '/dashboard'],
    // Paths of this site, as requireSession encodes them, are kept.
    ['/', '/'],
    ['/dashboard', '/dashboard'],
    ['/quote-request?product=car', '/quote-request?product=car'],
    ['/my-quotes?q=a%20b#top', '/my-quotes?q=a%20b#top'],
    ['/profile?nom=%C3%A9l%C3%A9onore', '/profile?nom=%C3%A9l%C3%A9onore'],
  ])('safeNext(%s) = %s', (next, want) => {
    expect(safeNext(next)).toBe(want);
  });
});

describe('the session across tabs', () => {
  const marie: SessionUser = { uid: 'u1', email: 'marie@exemple.fr', displayName: 'Marie', role: 'client', status: 'active', emailConfirmed: true, twoFactor: true, createdAt: '', updatedAt: '' };

  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    act(() => setSessionUser(null));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    [{ user: null }, null],
    [{ user: marie }, marie],
    [{ user: { uid: 7 } }, undefined],
    [{ user: 'marie' }, undefined],
    [{}, undefined],
    [null, undefined],
    ['{"user":null}', undefined],
  ])('reads the message %j as %j', (data, want) => {
    expect(userFromMessage(data)).toEqual(want);
  });

  it('tells the other tabs of a sign-in and a sign-out', async () => {
    const other = new BroadcastChannel('courtier-session');
    const heard: unknown[] = [];
    other.onmessage = (e) => heard.push(e.data);
    try {
      act(() => setSessionUser(marie));
      act(() => setSessionUser(null));
      await vi.waitFor(() => expect(heard).toEqual([{ user: marie }, { user: null }]));
    } finally {
      other.close();
    }
  });

  it('follows a sign-in and a sign-out made in another tab', async () => {
    const { result } = renderHook(() => useSession());
    expect(result.current?.user).toBeNull();
    localStorage.setItem(chatStorageKey, 'conv-1');
    const other = new BroadcastChannel('courtier-session');
    try {
      other.postMessage({ user: marie });
      await waitFor(() => expect(result.current?.user?.email).toBe('marie@exemple.fr'));
      other.postMessage({ user: null });
      await waitFor(() => expect(result.current?.user).toBeNull());
      other.postMessage({ user: 'junk' });
      await new Promise((r) => setTimeout(r, 20));
      expect(result.current?.user).toBeNull();
    } finally {
      other.close();
    }
    // The tab that acted looks after the chat's conversation, not this one.
    expect(fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem(chatStorageKey)).toBe('conv-1');
  });
});
