import { api } from '../../lib/api';
import type { SessionUser } from '../../lib/session';

/** An account as the admins' list shows it (account.Listed). */
export interface ListedUser {
  uid: string;
  email: string;
  displayName: string;
  role: SessionUser['role'];
  status: 'active' | 'disabled';
  createdAt: string;
  /** The last activity of its stored sessions; "" when it has none. */
  lastSeenAt: string;
}

/** The roles in French, in the order the select shows them. */
export const roleLabels: Record<SessionUser['role'], string> = { admin: 'Administrateur', agent: 'Conseiller', client: 'Client' };

/** Every account, or those whose name or e-mail holds q, oldest first (admins only). */
export async function fetchUsers(q = '', signal?: AbortSignal): Promise<ListedUser[]> {
  const query = q.trim() ? `?q=${encodeURIComponent(q.trim())}` : '';
  return (await api<{ users: ListedUser[] }>('GET', `/api/admin/users${query}`, undefined, signal)).users;
}

/** An account to make: the rules of `courtier users create`; its owner is sent the link to choose a password. */
export interface NewAccount {
  email: string;
  displayName: string;
  role: SessionUser['role'];
}

/** Makes an account (admins only). */
export async function createUser(account: NewAccount): Promise<SessionUser> {
  return (await api<{ user: SessionUser }>('POST', '/api/admin/users', account)).user;
}

type Changed = Promise<{ user: SessionUser; endedSessions: number }>;

/** Gives an account a role; its sessions end. */
export const setUserRole = (uid: string, role: string): Changed => api('PUT', `/api/admin/users/${encodeURIComponent(uid)}/role`, { role });

/** Enables or disables an account; disabling ends its sessions. */
export const setUserStatus = (uid: string, status: 'active' | 'disabled'): Changed =>
  api('PUT', `/api/admin/users/${encodeURIComponent(uid)}/status`, { status });
