import { api } from '../../lib/api';
import type { SessionUser } from '../../lib/session';

// The calls of the signed-out pages (/login, /register, the links of the
// mails): each answers what the server says, the page shows it.

/** A message the page shows as the server wrote it. */
export interface Told {
  message: string;
}

/** What signing in answers: the user, or the ticket of a second factor to ask for. */
export type LoginAnswer = { user: SessionUser; secondFactor?: undefined } | { user?: undefined; secondFactor: { ticket: string; expiresAt: string } };

export const logIn = (email: string, password: string, remember: boolean) =>
  api<LoginAnswer>('POST', '/api/auth/login', { email, password, remember });

/** The second step of signing in: the code of the application (or a recovery code) for the ticket. */
export const logInWithCode = (ticket: string | undefined, code: string) =>
  api<{ user: SessionUser }>('POST', '/api/auth/login/code', { ticket, code });

/** Asks for the link that unblocks an account after too many tries. */
export const sendUnlockLink = (email: string) => api<Told>('POST', '/api/auth/unlock', { email });

/** Follows that link. */
export const confirmUnlock = (token: string) => api<Told & { email: string }>('POST', '/api/auth/unlock/confirm', { token });

export const register = (account: { email: string; password: string; displayName: string }) =>
  api<{ user: SessionUser }>('POST', '/api/auth/register', account);

export const askPasswordReset = (email: string) => api<Told>('POST', '/api/auth/password-reset', { email });

export const resetPassword = (token: string, password: string) =>
  api<Told>('POST', '/api/auth/password-reset/confirm', { token, password });

/** Follows the link that confirms an address. */
export const confirmEmail = (token: string) => api<Told>('POST', '/api/auth/confirm-email', { token });

/** Follows the link, sent to the former address, that undoes a change of address. */
export const undoEmailChange = (token: string) => api<Told>('POST', '/api/auth/undo-email', { token });
