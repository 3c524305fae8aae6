import { api, ApiError } from '../../lib/api';
import type { ChatMessage } from '../chat/chat';
import type { ClientRequest, DeskCounts, DeskDetail, DeskNote, DeskRequest, KindInfo, Person, QueueFilter, RequestKind } from './types';

const base = '/api/desk/requests';

function path(id: string, action = ''): string {
  return `${base}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}

/** The queue's query string of a filter: empty values are left out. */
export function queueQuery(f: QueueFilter): string {
  const params = new URLSearchParams();
  for (const key of ['kind', 'status', 'state', 'assignee', 'product', 'q', 'due'] as const) {
    const v = f[key]?.trim();
    if (v) params.set(key, v);
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The queue for staff, nearest deadline first, with the kinds for the filters. */
export function fetchQueue(f: QueueFilter, signal?: AbortSignal): Promise<{ requests: DeskRequest[]; kinds: KindInfo[] }> {
  return api('GET', base + queueQuery(f), undefined, signal);
}

/** One request for staff: shared part, history, notes, replies, hand moves and what the actor may do. */
export function fetchRequest(id: string): Promise<DeskDetail> {
  return api('GET', path(id));
}

/** The chat conversation a request was filed from, oldest first. */
export async function fetchRequestConversation(id: string): Promise<ChatMessage[]> {
  return (await api<{ messages: ChatMessage[] }>('GET', path(id, 'conversation'))).messages;
}

/**
 * The kind's own data of a request (GET /api/desk/requests/{id}/{kind});
 * null while the kind has no such endpoint (404), so the page still shows
 * the shared part.
 */
export async function fetchKindDetail(id: string, kind: RequestKind): Promise<unknown> {
  try {
    return await api<unknown>('GET', path(id, kind));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

type ViewAnswer = Promise<{ request: DeskRequest }>;

/** « Prendre en charge ». */
export const takeRequest = (id: string): ViewAnswer => api('POST', path(id, 'take'));
/** « Remettre dans la file ». */
export const releaseRequest = (id: string): ViewAnswer => api('POST', path(id, 'release'));
/** « Confier à… » another agent or admin. */
export const assignRequest = (id: string, uid: string): ViewAnswer => api('POST', path(id, 'assign'), { uid });
/** Moves the request by hand to one of its allowed statuses. */
export const setRequestStatus = (id: string, status: string): ViewAnswer => api('PUT', path(id, 'status'), { status });
/** Adds an internal note. */
export const addNote = (id: string, body: string): Promise<{ note: DeskNote }> => api('POST', path(id, 'notes'), { body });

/** The queue at a glance. */
export const fetchCounts = (): Promise<DeskCounts> => api('GET', '/api/desk/counts');

/** The active agents and admins a request can be handed to. */
export async function fetchStaff(): Promise<Person[]> {
  return (await api<{ staff: Person[] }>('GET', '/api/desk/staff')).staff;
}

/** The signed-in client's requests of every kind, with what was answered. */
export async function fetchMyRequests(): Promise<ClientRequest[]> {
  return (await api<{ requests: ClientRequest[] }>('GET', '/api/requests')).requests;
}
