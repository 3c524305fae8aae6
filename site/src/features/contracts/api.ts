// The calls of the client's contracts: made from a kept price, completed,
// signed with a code sent by e-mail, their supporting documents, the
// cancellation and the withdrawal (pkg/web/contracts.go).
import { api, apiForm } from '../../lib/api';

/** What a contract may be doing now, as the server names it. */
export type ContractStatus = 'pending_signature' | 'awaiting_documents' | 'active' | 'cancel_requested' | 'suspended' | 'cancelled' | 'withdrawn';

/** What the reader may do now on a contract. */
export type ContractAction = 'update' | 'sign' | 'upload' | 'cancel' | 'withdraw';

/** A PDF issued for a contract. */
export interface ContractDocument {
  id: string;
  kind: string;
  title: string;
  url: string;
  sha256: string;
  issuedAt: string;
  /** The versions issued at the signature. */
  signed: boolean;
}

/** A supporting document the contract needs, and where its check stands. */
export interface Proof {
  kind: string;
  label: string;
  status: 'missing' | 'sent' | 'accepted' | 'refused';
  statusLabel: string;
  name?: string;
  sentAt?: string;
  reason?: string;
  url?: string;
}

/** One debit of the payment schedule. */
export interface Debit {
  seq: number;
  date: string;
  amountCents: number;
  sequence: string;
  cancelled: boolean;
}

/** Where a debit stands: planned, sent to the bank, paid, rejected, or settled after its rejection. */
export type PaymentStatus = 'scheduled' | 'sent' | 'paid' | 'rejected' | 'settled';

/** One debit of any year of the contract, with where it stands (GET /api/contracts/{id} payments). */
export interface Payment {
  /** The debit's number, continuing from year to year. */
  seq?: number;
  dueDate: string;
  amountCents: number;
  status: PaymentStatus;
  /** « Prévu », « Envoyé », « Payé », « Rejeté », « Régularisé ». */
  statusLabel: string;
  /** The bank's code of a rejection (AC04, AM04, MD06…) and its meaning in French. */
  reasonCode?: string;
  reasonLabel?: string;
  /** The seq of the rejected debit this one presents again, once. */
  represents?: number;
}

/** How far a payment incident went (L113-3). */
export type IncidentStage = 'open' | 'notice' | 'suspended' | 'terminated' | 'closed';

/** A rejected debit not yet paid, its clocks and how to pay it. */
export interface Incident {
  dueDate: string;
  amountCents: number;
  reasonLabel: string;
  /** The transfer's reference, « IMP-<number>-<seq> ». */
  reference: string;
  /** The broker's account, to pay by transfer. */
  iban: string;
  bic: string;
  /** The day the rejected debit is presented again, once; absent when it is not. */
  representDate?: string;
  /** The mise en demeure (day 10), the suspension (day 40), the termination (day 50). */
  noticeAt: string;
  suspendAt: string;
  terminateAt: string;
  stage: IncidentStage;
  stageLabel: string;
  /** When the cover comes back once paid: noon the next day. */
  coverBackAt?: string;
}

/** The contract's running year: its first and last days. */
export interface Period {
  start: string;
  /** The last day of the year: the contract renews the day after. */
  end: string;
}

/** The avis d'échéance sent for the next year: its price and what changed. */
export interface Renewal {
  noticeSentAt: string;
  /** Sent after its window (L113-15-1): the client may cancel later. */
  late: boolean;
  /** The new year's first day (the anniversary). */
  start?: string;
  yearlyCents: number;
  monthlyCents: number;
  previousYearlyCents: number;
  previousMonthlyCents?: number;
  /** The lines of « Pourquoi ce prix ? » that changed: label, this year's value, the new year's. */
  changes: [string, string, string][];
  /** The new year's debits. */
  schedule?: { date: string; amountCents: number }[];
  /** The journey with the same answers, when the server gives it. */
  compareUrl?: string;
  /** Why the bonus-malus stays as it is: a claim whose responsibility is not known yet. */
  bonusMalusNote?: string;
}

/** One line of a contract's history. */
export interface ContractEvent {
  at: string;
  actorName: string;
  status: ContractStatus;
  action: string;
  detail: string;
}

/** A cancellation or a withdrawal. */
export interface Ending {
  reason: string;
  text?: string;
  askedAt: string;
  date: string;
  refundCents: number;
  dueCents: number;
}

/** A client's contract, as GET /api/contracts/{id} answers it. */
export interface Contract {
  id: string;
  number: string;
  status: ContractStatus;
  statusLabel: string;
  source: 'price' | 'offer';
  sourceId: string;
  product: string;
  productLabel: string;
  insurer: string;
  formula: string;
  holder: { name: string; email: string; birthDate?: string; phone?: string; address: string; postalCode: string; city: string };
  /** Who signs, by their legal name; empty strings on a contract begun before it was asked. */
  policyholder: Policyholder;
  /** The premium is not the price chosen: an answer or the start date changed it (risk.repricing). */
  repriced: boolean;
  risk: { vehicle?: { make: string; model: string; version: string; registration: string }; lines: [string, string][]; repricing?: Repricing };
  guarantees: string[];
  startDate: string;
  yearlyCents: number;
  monthlyCents: number;
  taxesCents: number;
  deductibleCents: number;
  rhythm: 'monthly' | 'yearly';
  switch?: { insurer: string; policyNumber: string };
  createdAt: string;
  signedAt?: string;
  provisionalUntil?: string;
  withdrawUntil?: string;
  ending?: Ending;
  missing: string[];
  documents: ContractDocument[];
  proofs: Proof[];
  schedule: Debit[];
  /** Every debit of every year, with its status (the contract's year, issue 42). */
  payments?: Payment[];
  /** The rejected debit being dealt with, absent when none is open. */
  incident?: Incident;
  period?: Period;
  /** The last day to refuse the renewal (anniversary − 2 months, L113-12). */
  renewalDeadline?: string;
  /** The next year's price, once the avis d'échéance is sent. */
  renewal?: Renewal;
  mandate?: { rum: string; holder: string; iban: string; signedAt: string };
  history: ContractEvent[];
  actions: ContractAction[];
  /** The signature code sent and still valid, before the signature: a reloaded page finds it. */
  codeSent?: CodeSent;
}

/** The policyholder: legal names, date of birth (YYYY-MM-DD) and phone. */
export interface Policyholder {
  firstName: string;
  lastName: string;
  birthDate: string;
  phone: string;
}

/** How the premium moved from the price chosen. */
export interface Repricing {
  fromYearlyCents: number;
  fromMonthlyCents: number;
  toYearlyCents: number;
  toMonthlyCents: number;
  diffYearlyCents: number;
  /** Label, before, after. */
  changes: [string, string, string][];
  /** The lines of « Pourquoi ce prix ? » that changed. */
  removed: string[];
  added: string[];
  startDate: string;
}

/** What the contract needs beyond the price; every key optional. */
export interface ContractDetails {
  policyholder?: Partial<Policyholder>;
  address?: string;
  postalCode?: string;
  city?: string;
  registration?: string;
  rhythm?: 'monthly' | 'yearly';
  /** Empty strings take a switch back. */
  switch?: { insurer: string; policyNumber: string };
}

/** Where the signature code went and until when it holds. */
export interface CodeSent {
  sentTo: string;
  sentAt: string;
  expiresAt: string;
  resendAt: string;
}

/** What the client ticks, gives and types to sign. */
export interface Signing {
  code: string;
  holder: string;
  iban: string;
  bic?: string;
  accept: string[];
}

/** The reasons of a cancellation. */
export type CancelReason = 'term' | 'hamon' | 'other';

/** The day a cancellation would take effect, and the rule that gives it. */
export interface CancelPreview {
  reason: CancelReason;
  date: string;
  rule: string;
}

const path = (id: string) => `/api/contracts/${encodeURIComponent(id)}`;

/** Makes a contract « En attente de signature » from a kept price. */
export async function createContract(priceId: string, startDate: string, details: ContractDetails): Promise<Contract> {
  return (await api<{ contract: Contract }>('POST', '/api/contracts', { priceId, startDate, ...details })).contract;
}

/** Completes a contract before its signature. */
export async function updateContract(id: string, startDate: string, details: ContractDetails): Promise<Contract> {
  return (await api<{ contract: Contract }>('PUT', path(id), { startDate, ...details })).contract;
}

/** The policyholder the client gave last time, to prefill the next subscription. */
export async function getSavedPolicyholder(): Promise<Policyholder> {
  return (await api<{ policyholder: Policyholder }>('GET', '/api/profile/policyholder')).policyholder;
}

/** The signed-in client's contracts, newest first. */
export async function listContracts(): Promise<Contract[]> {
  return (await api<{ contracts: Contract[] }>('GET', '/api/contracts')).contracts;
}

/** One contract of the signed-in client. */
export async function getContract(id: string): Promise<Contract> {
  return (await api<{ contract: Contract }>('GET', path(id))).contract;
}

/** Sends the signature code by e-mail (a 429 when asked again within a minute). */
export function sendSignatureCode(id: string): Promise<CodeSent> {
  return api<CodeSent>('POST', `${path(id)}/signature-code`);
}

/** Signs the contract with the code received. */
export async function signContract(id: string, signing: Signing): Promise<Contract> {
  return (await api<{ contract: Contract }>('POST', `${path(id)}/signature`, signing)).contract;
}

/** Sends a supporting document (PDF, JPEG or PNG, 10 Mo at most). */
export async function uploadProof(id: string, kind: string, file: File): Promise<Contract> {
  const form = new FormData();
  form.append('file', file);
  return (await apiForm<{ contract: Contract }>(`${path(id)}/proofs/${encodeURIComponent(kind)}`, form)).contract;
}

/** The date a cancellation would take effect, before it is asked. */
export function previewCancellation(id: string, reason: CancelReason, text: string): Promise<CancelPreview> {
  const q = new URLSearchParams({ reason });
  if (reason === 'other') q.set('text', text);
  return api<CancelPreview>('GET', `${path(id)}/cancellation?${q.toString()}`);
}

/** Asks the cancellation; the answer carries the effective date. */
export function cancelContract(id: string, reason: CancelReason, text: string): Promise<{ effectiveDate: string; contract: Contract }> {
  return api<{ effectiveDate: string; contract: Contract }>('POST', `${path(id)}/cancellation`, { reason, text: reason === 'other' ? text : '' });
}

/** A cancellation asked without an account, with the identification décret 2023-182 lists. */
export interface CancelRequest {
  contractNumber: string;
  lastName: string;
  email: string;
  reason: CancelReason;
  text: string;
}

/** Asks a cancellation without an account: the same answer whatever the contract, a link mailed to the holder when it matches. */
export async function askCancellation(r: CancelRequest): Promise<string> {
  return (await api<{ message: string }>('POST', '/api/cancellations', { ...r, text: r.reason === 'other' ? r.text : '' })).message;
}

/** The contract and the date of a cancellation confirmed by its link. */
export interface CancelReceipt {
  number: string;
  productLabel: string;
  effectiveDate: string;
}

/** Confirms a cancellation asked without an account, with the token of its link. */
export function confirmCancellation(token: string): Promise<CancelReceipt> {
  return api<CancelReceipt>('POST', '/api/cancellations/confirm', { token });
}

/** Uses the 14-day withdrawal right. */
export async function withdrawContract(id: string): Promise<Contract> {
  return (await api<{ contract: Contract }>('POST', `${path(id)}/withdrawal`)).contract;
}

/** The address that downloads a document (attachment) rather than opening it. */
export function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}
