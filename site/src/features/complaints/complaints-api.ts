import { api } from '../../lib/api';
import type { ComplaintValues } from './complaint-form';

/** A complaint once filed (complaint.Filed): its reference and the delays promised. */
export interface FiledComplaint {
  id: string;
  ref: string;
  acknowledgeDays: number;
  answerMonths: number;
  acknowledgeDueAt: string;
  answerDueAt: string;
}

/** A complaint as staff read it (complaint.Detail); dates are "" until they happen. */
export interface ComplaintDetail {
  id: string;
  subject: string;
  concerns: string;
  facts: string;
  demand: string;
  consentAt: string;
  acknowledgeDueAt: string;
  answerDueAt: string;
  acknowledgedAt: string;
  answeredAt: string;
  /** The paragraph naming the mediator that ends every answer. */
  answerClosing: string;
}

/** Files a complaint (POST /api/complaints); a client's name and e-mail are the account's. */
export async function fileComplaint(values: ComplaintValues, signedIn: boolean): Promise<FiledComplaint> {
  const body = signedIn ? { ...values, name: '', email: '' } : values;
  const res = await api<{ complaint: FiledComplaint }>('POST', '/api/complaints', body);
  return res.complaint;
}

/** What the complainant wrote and the procedure's dates, for staff. */
export async function getComplaint(id: string): Promise<ComplaintDetail> {
  const res = await api<{ complaint: ComplaintDetail }>('GET', `/api/desk/requests/${encodeURIComponent(id)}/complaint`);
  return res.complaint;
}

/** Sends the acknowledgement or the answer staff wrote. */
export async function replyToComplaint(id: string, step: 'acknowledge' | 'answer', text: string): Promise<ComplaintDetail> {
  const res = await api<{ complaint: ComplaintDetail }>('POST', `/api/desk/requests/${encodeURIComponent(id)}/${step}`, { text });
  return res.complaint;
}
