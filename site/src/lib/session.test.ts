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
  ])('safeNext(%s) = %s', (next, want) => {
    expect(safeNext(next)).toBe(want);
  });
});

describe('the session across tabs', () => {
  const marie: SessionUser = { uid: 'u1', email: 'marie@exemple.fr', displayName: 'Marie', role: 'client', status: 'active', createdAt: '', updatedAt: '' };

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
