import { api } from '../../lib/api';
import type { SessionUser } from '../../lib/session';

// The calls of /profile and the dashboard's notice, signed in.

/** The name and, with the current password, the address (confirmed by a mail). */
export const updateProfile = (change: { displayName: string; email?: string; currentPassword?: string }) =>
  api<{ user: SessionUser }>('PATCH', '/api/profile', change);

export const changePassword = (currentPassword: string, newPassword: string) =>
  api<void>('POST', '/api/profile/password', { currentPassword, newPassword });

/** What the law keeps after a deletion, read before it is confirmed. */
export const keptAfterDeletion = async () => (await api<{ kept: string[] }>('GET', '/api/profile/kept')).kept;

export const deleteAccount = (password: string) => api<void>('POST', '/api/profile/delete', { password });

/** Sends the link that confirms the address again. */
export const resendConfirmation = () => api<{ message: string }>('POST', '/api/profile/confirm-email');

/** The download of everything kept about the account (a link, not a call: the browser saves the file). */
export const exportUrl = '/api/profile/export';
