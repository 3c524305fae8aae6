/**
 * The browser keeps the ID of its conversation with the assistant under
 * this key of localStorage, so that the conversation survives a reload
 * (named on the privacy page). It lives apart from the rest of the chat
 * (features/chat/, loaded with the panel) because the session code of
 * every page forgets it at sign-out, panel open or not
 * (lib/chat-session.ts).
 */
export const chatStorageKey = 'chatConversation';

/** The conversation ID this browser keeps, if any. */
export function storedConversation(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  try {
    return storage.getItem(chatStorageKey);
  } catch {
    return null;
  }
}

/** Keeps the conversation ID, or forgets it with null. */
export function storeConversation(id: string | null, storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
  try {
    if (id) storage.setItem(chatStorageKey, id);
    else storage.removeItem(chatStorageKey);
  } catch {
    // Private browsing can refuse storage: the conversation lasts until the page is left.
  }
}
