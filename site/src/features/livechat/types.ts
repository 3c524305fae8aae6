import type { ChatMessage } from '../chat/chat';

/** Who is on the other side of a conversation: a signed-in client (uid) or a visitor. */
export interface Who {
  uid?: string;
  name: string;
  email?: string;
}

/** The member of staff who holds a conversation. */
export interface Holder {
  uid: string;
  name: string;
}

/** A conversation handed to the agents: waiting for one, or live with one. */
export type LiveState = 'waiting' | 'live';

/** One line of the agents' inbox (GET /api/chat/inbox). */
export interface InboxItem {
  id: string;
  state: LiveState;
  who: Who;
  product?: string;
  agent?: Holder;
  waitingSince?: string;
  lastMessage: string;
  lastAt: string;
  unread: number;
  /** Whether the signed-in member of staff may open it (the server's word; an agent may not open another's). */
  readable?: boolean;
}

/** The agents' inbox: waiting, held by me, held by others; my presence and the visitors' view of it. */
export interface Inbox {
  away: boolean;
  available: boolean;
  waiting: InboxItem[];
  mine: InboxItem[];
  others: InboxItem[];
}

/** A request of the same client, linked from the conversation (GET …/staff/conversations/{cid}). */
export interface LinkedRequest {
  id: string;
  ref: string;
  kind: string;
  status: string;
  statusLabel: string;
  /** « Devis », « Message »…: the desk's registry names it, through the queue. */
  kindLabel?: string;
}

/** A conversation as staff read it. `state` is « bot » once handed back or closed. */
export interface StaffConversation {
  id: string;
  state: LiveState | 'bot';
  who: Who;
  product?: string;
  agent?: Holder;
  waitingSince?: string;
  /** The last message ID the visitor has read. */
  visitorRead: number;
  messages: ChatMessage[];
}

/** A canned answer the agents pick in the composer. */
export interface Canned {
  id: number;
  title: string;
  text: string;
}

/** A canned answer being written, before it has an ID. */
export type CannedDraft = Omit<Canned, 'id'>;

/** The staff stream's `message` event. */
export interface StreamMessage {
  conversationId: string;
  message: ChatMessage;
}

/** The staff stream's `typing` event: the visitor types (or stopped). */
export interface StreamTyping {
  conversationId: string;
  typing: boolean;
}

/** The staff stream's `read` event: the visitor has read up to message `upTo`. */
export interface StreamRead {
  conversationId: string;
  upTo: number;
}
