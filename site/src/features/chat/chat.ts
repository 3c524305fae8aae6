import { api } from '../../lib/api';

/** What the chat shows when a request fails (SPEC.md §8), typeset as pkg/chatbot.FailureReply. */
export const failureReply = 'Désolé, je rencontre des difficultés techniques. Voulez-vous parler avec un agent\u00a0?';

/** The longest message the server accepts, in characters. */
export const maxMessageLength = 1000;

/** Who wrote a message (SPEC.md §3, Chat message). */
export type Sender = 'bot' | 'user' | 'agent' | 'system';

/** Who answers: the assistant or the advisor (SPEC.md §4, Chat mode). */
export type ChatMode = 'bot' | 'agent';

/** A page of the site a reply points to. */
export interface ChatLink {
  label: string;
  href: string;
}

/** The real agent who wrote a message or holds the conversation (no picture: the widget draws initials). */
export interface ChatAgent {
  name: string;
  role: string;
}

/** A message as the API returns it. Local messages (the failure reply) have negative IDs. */
export interface ChatMessage {
  id: number;
  sender: Sender;
  text: string;
  timestamp: string;
  links?: ChatLink[];
  intent?: string;
  agent?: ChatAgent;
}

/**
 * A conversation in agent mode (docs/live-chat.md): waiting in the agents'
 * inbox, or held by a real agent.
 */
export interface Live {
  state: 'waiting' | 'live';
  /** The agent who holds it, when live. */
  agent?: ChatAgent;
  /** When the waiting began (ISO), while waiting. */
  waitingSince?: string;
  /** After this much waiting, the widget offers a callback. */
  callbackAfterMs: number;
  /** The last message ID the agent has read. */
  agentRead: number;
}

/** A conversation; its ID is given once, when it starts. */
export interface Conversation {
  id?: string;
  mode: ChatMode;
  messages: ChatMessage[];
  live?: Live | null;
}

/**
 * What a message or a mode switch added; offer is set when the visitor
 * asked for an agent and none is online: the widget offers a callback or
 * a message answered by e-mail (PRODUCT.md 8).
 */
export interface Exchange {
  mode: ChatMode;
  messages: ChatMessage[];
  offer: boolean;
  live?: Live | null;
  /** The signed-in client's own business, after the reply: not stored, so shown as a local message. */
  mine?: ChatMessage;
}

/** Where a conversation stands, as the stream's state event and the polling answer tell it. */
export interface LiveState {
  mode: ChatMode;
  live?: Live | null;
  available: boolean;
}

/** Whether an agent is there to answer, with the server's French message. */
export interface Availability {
  available: boolean;
  message: string;
}

const base = '/api/chat/conversations';

/** Opens a conversation: the assistant's welcome, and the ID to keep. */
export async function startConversation(): Promise<Conversation> {
  return (await api<{ conversation: Conversation }>('POST', base)).conversation;
}

/** Reads a conversation back after a reload. */
export async function getConversation(id: string): Promise<Conversation> {
  return (await api<{ conversation: Conversation }>('GET', `${base}/${encodeURIComponent(id)}`)).conversation;
}

/** Sends a message and returns it with its replies. */
export function sendMessage(id: string, text: string): Promise<Exchange> {
  return api<Exchange>('POST', `${base}/${encodeURIComponent(id)}/messages`, { text });
}

/** Switches between the assistant and the advisor. */
export function switchMode(id: string, mode: ChatMode): Promise<Exchange> {
  return api<Exchange>('PUT', `${base}/${encodeURIComponent(id)}/mode`, { mode });
}

/** Whether an agent is available now, and the line that says so. */
export function getAvailability(): Promise<Availability> {
  return api<Availability>('GET', '/api/chat/availability');
}

/** What a request filed from the conversation answers: its receipt, and the line the conversation shows about it. */
export interface Filed {
  receipt: { id: string; kind: 'contact' | 'callback'; ref: string; dueAt: string; slotStart?: string; slotEnd?: string };
  message?: ChatMessage;
}

/** The body of a message answered by e-mail, left from the chat (name and e-mail are the account's when signed in). */
export interface ChatContactDraft {
  name: string;
  email: string;
  message: string;
  consent: boolean;
}

/** The body of a callback asked from the chat; an empty slot means as soon as possible. */
export interface ChatCallbackDraft {
  name: string;
  phone: string;
  slot: { start: string; end: string };
  note: string;
  consent: boolean;
}

/** Leaves a message answered by e-mail, filed in the staff's queue with the conversation. */
export function fileMessage(id: string, draft: ChatContactDraft): Promise<Filed> {
  return api<Filed>('POST', `${base}/${encodeURIComponent(id)}/contact`, draft);
}

/** Asks for a callback, filed in the staff's queue with the conversation. */
export function fileCallback(id: string, draft: ChatCallbackDraft): Promise<Filed> {
  return api<Filed>('POST', `${base}/${encodeURIComponent(id)}/callback`, draft);
}

/** The messages newer than after, with the state: the polling fallback of the stream. */
export function pollMessages(id: string, after: number): Promise<LiveState & { messages: ChatMessage[] }> {
  return api<LiveState & { messages: ChatMessage[] }>('GET', `${base}/${encodeURIComponent(id)}/messages?after=${after}`);
}

/** Tells the agent whether the visitor is typing. */
export function sendTyping(id: string, typing: boolean): Promise<void> {
  return api<void>('POST', `${base}/${encodeURIComponent(id)}/typing`, { typing });
}

/** Tells the agent the visitor has seen the messages up to upTo. */
export function markRead(id: string, upTo: number): Promise<void> {
  return api<void>('POST', `${base}/${encodeURIComponent(id)}/read`, { upTo });
}

/** The address of the conversation's event stream, from the message after which it starts. */
export function eventsUrl(id: string, after: number): string {
  return `${base}/${encodeURIComponent(id)}/events?after=${after}`;
}

/** A message is sent only when it has something besides spaces and no reply is pending (SPEC.md §5). */
export function canSend(text: string, pending: boolean): boolean {
  return !pending && text.trim() !== '' && Array.from(text.trim()).length <= maxMessageLength;
}

let localIds = 0;

/** A message shown only here, never stored: the failure reply. */
export function localMessage(sender: Sender, text: string): ChatMessage {
  localIds -= 1;
  return { id: localIds, sender, text, timestamp: new Date().toISOString() };
}

/** The highest ID of a stored message (local ones are negative), 0 when none. */
export function maxId(messages: readonly ChatMessage[]): number {
  return messages.reduce((max, m) => (m.id > max ? m.id : max), 0);
}

/**
 * Adds the messages of the server to those shown: each ID once (a newer
 * copy replaces the older), in ascending ID order, local messages staying
 * after the stored message they followed. The visitor's message shown
 * before the server had it (local, negative ID) gives way to the stored
 * one: the one named by localId, else the first local one of the same
 * text. The POST answer and the stream may bring the same message, in
 * either order. Returns current itself when nothing changes.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[], localId?: number): ChatMessage[] {
  const stored = new Map<number, ChatMessage>();
  // Each local message is kept with the highest stored ID before it.
  const locals: { after: number; message: ChatMessage }[] = [];
  let anchor = 0;
  for (const m of current) {
    if (m.id > 0) {
      stored.set(m.id, m);
      anchor = Math.max(anchor, m.id);
    } else {
      locals.push({ after: anchor, message: m });
    }
  }
  let changed = false;
  const drop = (id: number) => {
    const i = locals.findIndex((l) => l.message.id === id);
    if (i >= 0) {
      locals.splice(i, 1);
      changed = true;
    }
  };
  for (const m of incoming) {
    if (m.id <= 0) continue;
    const known = stored.get(m.id);
    if (localId !== undefined && m.sender === 'user') {
      drop(localId);
      localId = undefined;
    } else if (!known && m.sender === 'user') {
      const twin = locals.find((l) => l.message.sender === 'user' && l.message.text === m.text.trim());
      if (twin) drop(twin.message.id);
    }
    if (known && sameMessage(known, m)) continue;
    stored.set(m.id, m);
    changed = true;
  }
  if (!changed) return current as ChatMessage[];
  const ids = [...stored.keys()].sort((a, b) => a - b);
  const out: ChatMessage[] = locals.filter((l) => l.after === 0).map((l) => l.message);
  for (const id of ids) {
    out.push(stored.get(id) as ChatMessage);
    for (const l of locals) if (l.after === id) out.push(l.message);
  }
  return out;
}

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Two letters for a name without a picture: "Julie Martin" is "JM", "Émile" is "É". */
export function initials(name: string): string {
  const words = name.trim().split(/[\s-]+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last].map((w) => (w ? Array.from(w)[0] ?? '' : '')).join('').toLocaleUpperCase('fr');
}
