import type { Who } from './types';

/** The name the agents read for the person in a conversation: theirs, or « Visiteur ». */
export function whoName(who: Who | undefined): string {
  return who?.name?.trim() || 'Visiteur';
}

/** « 1 message non lu », « 3 messages non lus ». */
export function unreadLabel(n: number): string {
  return n === 1 ? '1\u00a0message non lu' : `${n.toLocaleString('fr-FR')}\u00a0messages non lus`;
}

/** The address of a conversation on the agents' page. */
export function conversationPath(cid: string): string {
  return `/dashboard/conversations/${encodeURIComponent(cid)}`;
}
