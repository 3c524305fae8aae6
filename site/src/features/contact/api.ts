import { api } from '../../lib/api';

/** What POST /api/contact and POST /api/callbacks answer (contact.Receipt). */
export interface Receipt {
  id: string;
  kind: 'contact' | 'callback';
  ref: string;
  dueAt: string;
  slotStart?: string;
  slotEnd?: string;
}

/** One offered callback slot, instants in UTC. */
export interface Slot {
  start: string;
  end: string;
}

/** The slots of one Paris day (contact.Day). */
export interface SlotDay {
  /** The Paris date, "2026-11-23". */
  date: string;
  slots: Slot[];
}

/** The body of POST /api/contact (contact.MessageDraft). */
export interface MessageDraft {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  consent: boolean;
}

/** The body of POST /api/callbacks (contact.CallbackDraft); an empty slot means as soon as possible. */
export interface CallbackDraft {
  name: string;
  phone: string;
  slot: { start: string; end: string };
  product: string;
  note: string;
  consent: boolean;
}

/** Sends a contact message. */
export async function sendMessage(draft: MessageDraft): Promise<Receipt> {
  return (await api<{ receipt: Receipt }>('POST', '/api/contact', draft)).receipt;
}

/** Sends a callback request. */
export async function requestCallback(draft: CallbackDraft): Promise<Receipt> {
  return (await api<{ receipt: Receipt }>('POST', '/api/callbacks', draft)).receipt;
}

/** The callback slots offered now, by Paris day. */
export async function loadSlots(): Promise<SlotDay[]> {
  return (await api<{ days: SlotDay[] }>('GET', '/api/callbacks/slots')).days;
}

/** A message's own part, as staff read it (contact.MessageDetail). */
export interface MessageDetail {
  subject: string;
  subjectLabel: string;
  message: string;
  consentAt: string;
}

/** A callback's own part, as staff read it (contact.CallbackDetail). */
export interface CallbackDetail {
  slotStart: string;
  slotEnd: string;
  slotLabel: string;
  productLabel: string;
  note: string;
  attempts: number;
  lastOutcome: '' | 'reached' | 'no_answer';
  lastCallAt: string;
  consentAt: string;
}

/** Loads a message's own part (staff). */
export async function loadMessageDetail(id: string): Promise<MessageDetail> {
  return (await api<{ message: MessageDetail }>('GET', `/api/desk/requests/${encodeURIComponent(id)}/contact`)).message;
}

/** Loads a callback's own part (staff). */
export async function loadCallbackDetail(id: string): Promise<CallbackDetail> {
  return (await api<{ callback: CallbackDetail }>('GET', `/api/desk/requests/${encodeURIComponent(id)}/callback`)).callback;
}

/** Answers a message (staff); the client reads the answer on their dashboard. */
export async function replyToMessage(id: string, body: string): Promise<void> {
  await api('POST', `/api/desk/requests/${encodeURIComponent(id)}/reply`, { body });
}

/** How a call went. */
export type CallOutcome = 'reached' | 'no_answer';

/** Records a call made for a callback request (staff). */
export async function logCall(id: string, outcome: CallOutcome, note: string): Promise<void> {
  await api('POST', `/api/desk/requests/${encodeURIComponent(id)}/call`, { outcome, note });
}
