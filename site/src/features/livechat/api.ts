import { api } from '../../lib/api';
import type { ChatMessage } from '../chat/chat';
import type { Canned, CannedDraft, Inbox, LinkedRequest, StaffConversation } from './types';

const staff = '/api/chat/staff/conversations';

function path(cid: string, action = ''): string {
  return `${staff}/${encodeURIComponent(cid)}${action ? `/${action}` : ''}`;
}

/** The address of the staff's event stream; keeping it open is the agent's presence. */
export const staffEventsUrl = '/api/chat/staff/events';

/** The inbox: waiting conversations, mine, the other agents'. */
export const fetchInbox = (): Promise<Inbox> => api('GET', '/api/chat/inbox');

/** One conversation for staff, with the client's other requests. */
export function fetchConversation(cid: string): Promise<{ conversation: StaffConversation; requests: LinkedRequest[] }> {
  return api('GET', path(cid));
}

/** « Prendre la conversation »: fails with 409 when another agent was quicker. */
export const takeConversation = (cid: string): Promise<{ conversation: StaffConversation }> => api('POST', path(cid, 'take'));

/** Sends the agent's reply; the stream brings it too, with the same ID. */
export async function sendReply(cid: string, text: string): Promise<ChatMessage> {
  return (await api<{ message: ChatMessage }>('POST', path(cid, 'messages'), { text })).message;
}

/** « Transmettre à… » another agent or admin. */
export const transferConversation = (cid: string, to: string): Promise<void> => api('POST', path(cid, 'transfer'), { to });
/** « Retour à l'assistant ». */
export const handBack = (cid: string): Promise<void> => api('POST', path(cid, 'handback'));
/** « Clore ». */
export const closeConversation = (cid: string): Promise<void> => api('POST', path(cid, 'close'));
/** Tells the visitor the agent types, or stopped. */
export const postTyping = (cid: string, typing: boolean): Promise<void> => api('POST', path(cid, 'typing'), { typing });
/** Tells the visitor the agent has read up to message upTo. */
export const postRead = (cid: string, upTo: number): Promise<void> => api('POST', path(cid, 'read'), { upTo });

/** « Absent » or « Disponible ». */
export const setPresence = (away: boolean): Promise<{ away: boolean }> => api('PUT', '/api/chat/staff/presence', { away });

/** The canned answers, for every member of staff. */
export async function fetchCanned(): Promise<Canned[]> {
  return (await api<{ canned: Canned[] }>('GET', '/api/chat/canned')).canned;
}

/** Adds a canned answer (admin). */
export const createCanned = (c: CannedDraft): Promise<unknown> => api('POST', '/api/chat/canned', c);
/** Changes a canned answer (admin). */
export const updateCanned = (id: number, c: CannedDraft): Promise<unknown> => api('PUT', `/api/chat/canned/${id}`, c);
/** Deletes a canned answer (admin). */
export const deleteCanned = (id: number): Promise<void> => api('DELETE', `/api/chat/canned/${id}`);
