// The contracts as staff read them (pkg/contract's JSON, GET
// /api/desk/contracts and GET /api/contracts/{id}).
import type { Incident, Payment, Period, Renewal } from '../contracts/api';

export type { Incident, Payment, Period, Renewal };

/** Where a contract stands (pkg/contract/machine.go). */
export type ContractStatus = 'pending_signature' | 'awaiting_documents' | 'active' | 'cancel_requested' | 'suspended' | 'cancelled' | 'withdrawn';

/** The policyholder as they were at subscription. */
export interface Holder {
  name: string;
  email: string;
  birthDate?: string;
  phone?: string;
  address: string;
  postalCode: string;
  city: string;
}

/** The insured vehicle. */
export interface Vehicle {
  make: string;
  model: string;
  version: string;
  energy?: string;
  registration: string;
}

/** The insured home. */
export interface Dwelling {
  kind: string;
  status: string;
  surface: number;
  rooms: number;
}

/** One formula compared for the duty to advise. */
export interface AdviceOffer {
  insurer: string;
  formula: string;
  yearlyCents: number;
  monthlyCents: number;
  deductibleCents: number;
  guarantees: string[];
}

/** The duty to advise as it was met. */
export interface Advice {
  needs: [string, string][];
  reason: string;
  offers: AdviceOffer[];
  recommended: number;
  chosen: number;
}

/** What the contract insures. */
export interface Risk {
  vehicle?: Vehicle;
  /** The vehicle is not in the catalogue: the client described it. */
  vehicleDescribed?: boolean;
  dwelling?: Dwelling;
  lines: [string, string][];
  advice?: Advice;
  /** How the premium moved from the price chosen, when it did. */
  repricing?: Repricing;
  /** The formula in the rating file, for a contract priced by the engine. */
  formulaId?: string;
}

/** A premium priced again at subscription (pkg/contract reprice.go). */
export interface Repricing {
  fromYearlyCents: number;
  toYearlyCents: number;
  diffYearlyCents: number;
  /** Label, before, after. */
  changes: [string, string, string][];
  removed: string[];
  added: string[];
  startDate: string;
}

/** A PDF issued for a contract. */
export interface ContractDocument {
  id: string;
  kind: string;
  title: string;
  url: string;
  sha256: string;
  issuedAt: string;
  signed: boolean;
  /** An amendment issued a newer one in its place; it stays in the contract's history (issue 43). */
  replaced?: boolean;
}

/** The status of a supporting document. */
export type ProofStatus = 'missing' | 'sent' | 'accepted' | 'refused';

/** A supporting document the contract needs. */
export interface Proof {
  kind: string;
  label: string;
  status: ProofStatus;
  statusLabel: string;
  name?: string;
  sentAt?: string;
  checkedAt?: string;
  reason?: string;
  url?: string;
}

/** One debit of the payment schedule. */
export interface Debit {
  seq: number;
  date: string;
  amountCents: number;
  sequence: string;
  exported: boolean;
  cancelled: boolean;
}

/** The SEPA mandate, its IBAN masked by the server. */
export interface Mandate {
  rum: string;
  holder: string;
  iban: string;
  signedAt: string;
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

/** One line of a contract's history. */
export interface ContractEvent {
  at: string;
  actorName: string;
  status: ContractStatus;
  action: string;
  detail: string;
}

/** A contract as staff read it. */
export interface Contract {
  id: string;
  number: string;
  status: ContractStatus;
  statusLabel: string;
  source: string;
  product: string;
  productLabel: string;
  insurer: string;
  formula: string;
  holder: Holder;
  /** Who signs, by their legal name; empty strings on a contract begun before it was asked. */
  policyholder?: { firstName: string; lastName: string; birthDate: string; phone: string };
  repriced?: boolean;
  risk: Risk;
  guarantees?: string[];
  startDate: string;
  yearlyCents: number;
  monthlyCents: number;
  taxesCents: number;
  deductibleCents: number;
  rhythm: 'monthly' | 'yearly' | string;
  createdAt: string;
  updatedAt: string;
  signedAt?: string;
  provisionalUntil?: string;
  withdrawUntil?: string;
  ending?: Ending;
  documents: ContractDocument[];
  proofs: Proof[];
  schedule: Debit[];
  /** Every debit of every year, with its status (issue 42); absent from older servers. */
  payments?: Payment[];
  /** The rejected debit being dealt with, absent when none is open. */
  incident?: Incident;
  period?: Period;
  renewalDeadline?: string;
  renewal?: Renewal;
  mandate?: Mandate;
  history: ContractEvent[];
  actions: string[];
  /** The amendments, newest first (issue 43; absent before it). */
  amendments?: Amendment[];
}

/** The kinds of amendment (« avenant ») of a contract in force. */
export type AmendmentKind = 'vehicle' | 'address' | 'driver' | 'formula' | 'bank';

/** An amendment as GET /api/contracts/{id} gives it (pkg/contract amendment.go). */
export interface Amendment {
  id: string;
  /** Its number in the contract, when the server gives it. */
  n?: number;
  kind: AmendmentKind | string;
  kindLabel: string;
  status: 'draft' | 'signed' | 'cancelled' | string;
  effectiveDate: string;
  yearlyCentsBefore: number;
  yearlyCentsAfter: number;
  monthlyCentsAfter: number;
  /** Due by the client when positive, refunded when negative. */
  adjustmentCents: number;
  /** The price's lines that changed: label, before, after. */
  trace: [string, string, string][];
  /** What changes, as people read it: label, before, after. */
  changes: [string, string, string][];
  createdByStaff: boolean;
  signedAt?: string;
}

/** The filters of staff's list, as the address and the API name them. */
export interface ContractFilter {
  status?: string;
  product?: string;
  q?: string;
}

/** The contracts' figures (GET /api/desk/contracts/counts). */
export interface ContractCounts {
  signedThisMonth: number;
  cancelledThisMonth: number;
  active: number;
  awaiting: number;
  pending: number;
  proofsToCheck: number;
  premiumsCents: number;
  /** The debits' money, each euro in one: paid (or settled after a rejection), rejected and not settled yet, to come or sent. */
  collectedCents: number;
  rejectedCents: number;
  /** How many debits are rejected and not settled yet. */
  rejected: number;
  outstandingCents: number;
  /** The amendments signed since the first of the month, and those prepared and not signed yet. */
  amendmentsSignedThisMonth: number;
  amendmentDrafts: number;
}

/** How staff were paid (POST /api/desk/contracts/{id}/payments). */
export type PaymentWay = 'transfer' | 'cheque' | 'card' | 'cash';

/** A payment staff record: in cents, its day (YYYY-MM-DD) and its way. */
export interface StaffPayment {
  amountCents: number;
  date: string;
  way: PaymentWay;
}

/** Staff's check of a supporting document. */
export type Review = { accept: true } | { accept: false; reason: string };
