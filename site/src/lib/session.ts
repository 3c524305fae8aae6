import { useSyncExternalStore } from 'react';
import { api } from './api';
import { followSession } from './chat-session';

/** The signed-in user as the API returns it (SPEC.md §3, User profile). */
export interface SessionUser {
  uid: string;
  email: string;
  displayName: string;
  role: 'admin' | 'agent' | 'client';
  status: string;
  /** Whether the owner opened the confirmation link sent to `email`. */
  emailConfirmed: boolean;
  /** Whether sign-ins ask a code of an authenticator app after the password (required of staff). */
  twoFactor: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The session state the site reads: undefined until the first check has answered. */
export interface Session {
  user: SessionUser | null;
}

let current: Session | undefined;
let pending: Promise<Session> | undefined;
const listeners = new Set<() => void>();

function set(session: Session) {
  current = session;
  listeners.forEach((l) => l());
}

/**
 * The server writes the session into the page it serves
 * (<script type="application/json" id="courtier-session">), so the first
 * check costs no round trip and the navbar never flashes the wrong state.
 */
function fromPage(): Session | undefined {
  const el = typeof document === 'undefined' ? null : document.getElementById('courtier-session');
  if (!el?.textContent) return undefined;
  try {
    const data = JSON.parse(el.textContent) as Session;
    return { user: data.user ?? null };
  } catch {
    return undefined;
  }
}

/** Resolves to the current session, asking the server at most once. */
export function loadSession(): Promise<Session> {
  if (current) return Promise.resolve(current);
  const embedded = fromPage();
  if (embedded) {
    set(embedded);
    return Promise.resolve(embedded);
  }
  pending ??= api<Session | null>('GET', '/api/session')
    .catch(() => null)
    .then((s) => {
      set({ user: s?.user ?? null });
      return current as Session;
    });
  return pending;
}

/** Asks the server again who is signed in (after a change made elsewhere, such as a confirmation link). */
export async function refreshSession(): Promise<void> {
  const s = await api<Session | null>('GET', '/api/session').catch(() => null);
  if (s) setSessionUser(s.user ?? null);
}

/**
 * Sets the session without any side effect (no chat, no other tab): the
 * build's prerendering renders each public page once per variant with it.
 */
export function primeSession(session: Session) {
  pending = undefined;
  set(session);
}

/**
 * The other tabs of the site hear of every change of session on this
 * channel (same origin only), so that their navbar and chat follow a
 * sign-in or a sign-out made here.
 */
const channelName = 'courtier-session';
let channel: BroadcastChannel | null | undefined;

/** The user a message of another tab carries; undefined when it is not one. */
export function userFromMessage(data: unknown): SessionUser | null | undefined {
  if (typeof data !== 'object' || data === null || !('user' in data)) return undefined;
  const { user } = data as { user: unknown };
  if (user === null) return null;
  if (typeof user === 'object' && typeof (user as SessionUser).uid === 'string') return user as SessionUser;
  return undefined;
}

function openChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : null;
    channel?.addEventListener('message', (e: MessageEvent) => {
      const user = userFromMessage(e.data);
      if (user === undefined) return;
      // The tab that acted has already attached or forgotten the chat's
      // conversation (localStorage is shared): only the state changes here.
      pending = undefined;
      set({ user });
    });
  }
  return channel;
}

/**
 * Replaces the session after sign-in, sign-up, a profile edit or sign-out:
 * the chat follows the account (see followSession), then this tab's
 * components and the site's other tabs see the new session.
 */
export function setSessionUser(user: SessionUser | null) {
  void followSession(current?.user?.uid ?? null, user?.uid ?? null);
  pending = undefined;
  set({ user });
  openChannel()?.postMessage({ user });
}

function subscribe(l: () => void) {
  openChannel();
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The session for components: undefined while the first check runs. */
export function useSession(): Session | undefined {
  return useSyncExternalStore(subscribe, () => current, () => current);
}

/** Signs out on the server, then clears user and profile; a failure is only logged (SPEC.md §8). */
export async function signOut(): Promise<void> {
  try {
    await api<void>('POST', '/api/auth/logout');
    setSessionUser(null);
  } catch (err) {
    // The server still holds the session: showing the visitor as signed out would lie.
    console.error('Erreur lors de la déconnexion', err);
  }
}

/**
 * Where to go after signing in: only a path of this site, never another
 * origin. The rule: a `?next=` as requireSession writes it is a URL path,
 * already percent-encoded, so it is printable ASCII with no space or
 * backslash, starts with one "/", and stays plain once decoded (no control
 * character, backslash or leading "//" hidden behind %xx). Anything else is
 * not ours, and goes to the fallback without an error.
 */
export function safeNext(next: string | null, fallback = '/dashboard'): string {
  if (!next || !isPlainPath(next)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(next);
  } catch {
    return fallback; // a lone "%" or a broken UTF-8 sequence
  }
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(decoded) || decoded.startsWith('//')) return fallback;
  return next;
}

function isPlainPath(path: string): boolean {
  return /^\/(?!\/)[\x21-\x5b\x5d-\x7e]*$/.test(path);
}
