/** The signed-in user as the site sees it (SPEC.md §3, Signed-in user). */
export interface SessionUser {
  displayName: string;
  email: string;
}

/** The session state the site reads. */
export interface Session {
  user: SessionUser | null;
}

/**
 * Reads the current session. Accounts do not exist yet on the server, so
 * every visitor is signed out; the accounts issue replaces this with the
 * server's answer.
 */
export async function loadSession(): Promise<Session> {
  return { user: null };
}
