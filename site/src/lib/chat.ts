import { api } from './api';

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

/** The advisor persona of SPEC.md §3. */
export interface ChatAgent {
  name: string;
  avatar: string;
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

/** A conversation; its ID is given once, when it starts. */
export interface Conversation {
  id?: string;
  mode: ChatMode;
  messages: ChatMessage[];
}

/** What a message or a mode switch added, and how long the replies "type". */
export interface Exchange {
  mode: ChatMode;
  messages: ChatMessage[];
  replyDelayMs: number;
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
