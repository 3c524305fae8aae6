import { api } from '../../lib/api';

/** One signed-in browser of the account, as GET /api/profile/sessions returns it. */
export interface AccountSession {
  /** The session's public ID: names it to end it, reveals nothing of its cookie. */
  id: string;
  /** Browser and system in French, "Chrome sur Windows". */
  device: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  /** The session of this browser. */
  current: boolean;
}

/** The answer of every sessions call: the list as it now stands and how many just ended. */
export interface SessionsResult {
  sessions: AccountSession[];
  ended: number;
}

const base = '/api/profile/sessions';

async function call(method: string, path: string, body?: unknown): Promise<SessionsResult> {
  const res = await api<{ sessions: AccountSession[]; ended?: number }>(method, path, body);
  return { sessions: res.sessions, ended: res.ended ?? 0 };
}

/** The account's live sessions, this one first. */
export function listSessions(): Promise<SessionsResult> {
  return call('GET', base);
}

/**
 * Ends another session of the account; the password confirms it (ASVS 5.0
 * 7.5.2). The server also renews this browser's session cookie.
 */
export function endSession(id: string, password: string): Promise<SessionsResult> {
  return call('DELETE', `${base}/${encodeURIComponent(id)}`, { password });
}

/** Ends every session of the account but this one, after the password. */
export function endOtherSessions(password: string): Promise<SessionsResult> {
  return call('POST', `${base}/sign-out-others`, { password });
}

/** "1 session déconnectée", "2 sessions déconnectées": French puts 0 and 1 in the singular. */
export function endedMessage(n: number): string {
  if (n === 0) return 'Aucune autre session n’était ouverte.';
  return n === 1 ? '1\u00a0session a été déconnectée.' : `${n} sessions ont été déconnectées.`;
}
