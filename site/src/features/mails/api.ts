import { api } from '../../lib/api';

/** Where a mail of the outbox stands (mail.Status). */
export type MailStatus = 'pending' | 'sent' | 'failed';

/** A mail of the outbox (mail.Mail); text and html only when read alone. */
export interface OutboxMail {
  id: number;
  messageId: string;
  template: string;
  /** What the mail is about: "request:ID" or "account:UID". */
  aggregate: string;
  from: string;
  to: string;
  subject: string;
  text?: string;
  html?: string;
  status: MailStatus;
  attempts: number;
  nextAt: string;
  expiresAt: string;
  lastError?: string;
  createdAt: string;
  sentAt?: string;
}

/** How many mails stand in each status. */
export interface MailCounts {
  pending: number;
  sent: number;
  failed: number;
}

/** The statuses in French, as the terminal and `courtier mail` write them. */
export const statusLabels: Record<MailStatus, string> = { pending: 'non envoyé', sent: 'envoyé', failed: 'en échec' };

/** Tells whether s is a status of the outbox. */
export function isMailStatus(s: string | null): s is MailStatus {
  return s === 'pending' || s === 'sent' || s === 'failed';
}

/** The outbox, newest first, in one status or all, with the counts of every status (admins). */
export function fetchOutbox(status: MailStatus | ''): Promise<{ mails: OutboxMail[]; counts: MailCounts }> {
  return api('GET', `/api/admin/mails${status ? `?status=${status}` : ''}`);
}

/** One mail with its text and HTML parts (admins). */
export async function fetchMail(id: string): Promise<OutboxMail> {
  return (await api<{ mail: OutboxMail }>('GET', `/api/admin/mails/${encodeURIComponent(id)}`)).mail;
}

/** « Renvoyer »: a failed mail goes back to the queue (admins). */
export async function retryMail(id: number): Promise<OutboxMail> {
  return (await api<{ mail: OutboxMail }>('POST', `/api/admin/mails/${id}/retry`)).mail;
}

/** The mails written to the client about a request, without their bodies (staff). */
export async function fetchRequestMails(requestId: string): Promise<OutboxMail[]> {
  return (await api<{ mails: OutboxMail[] }>('GET', `/api/desk/requests/${encodeURIComponent(requestId)}/mails`)).mails;
}

/** The request a mail is about, or "" when it is about an account. */
export function requestOf(m: OutboxMail): string {
  return m.aggregate.startsWith('request:') ? m.aggregate.slice('request:'.length) : '';
}
