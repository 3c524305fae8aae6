import { api, ApiError } from './api';
import { storeConversation, storedConversation } from './chat-storage';

/**
 * Makes the conversation this browser keeps the signed-in user's. One the
 * server does not know for this user (gone, or another account's) is
 * forgotten. Any other failure leaves it: the first message sent signed
 * in attaches it on the server all the same.
 */
export async function attachConversation(): Promise<void> {
  const id = storedConversation();
  if (!id) return;
  try {
    await api<void>('POST', `/api/chat/conversations/${encodeURIComponent(id)}/attach`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) storeConversation(null);
  }
}

/**
 * Makes the chat follow a change of account in this tab, before anything
 * shows the new session: signing in attaches the visitor conversation to
 * the account; signing out, or another account signing in, forgets it, so
 * that the next person on this browser starts a new one and never sees
 * the earlier messages. Returns the attach request, if any.
 */
export function followSession(before: string | null, after: string | null): Promise<void> | undefined {
  if (before === after) return undefined;
  if (before !== null || after === null) {
    storeConversation(null);
    return undefined;
  }
  return attachConversation();
}
