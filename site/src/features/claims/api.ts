// The calls of the client's claims: declare a loss, follow it, add photos,
// documents and messages (pkg/web/claims.go).
import { api, apiForm } from '../../lib/api';

/** Where a claim stands, as the server names it. */
export type ClaimStatus = 'declared' | 'transmitted' | 'expertise' | 'pieces' | 'indemnified' | 'refused' | 'closed';

/** What the reader may do now on a claim. */
export type ClaimAction = 'file' | 'message';

/** One question of the declaration with what the client said. */
export interface ClaimAnswer {
  id: string;
  label: string;
  /** What was sent: an option's id, "yes", a date. */
  value: string;
  /** How it reads. */
  text: string;
}

/** A photo or a document attached to a claim. */
export interface ClaimFile {
  id: string;
  name: string;
  mime: string;
  size: number;
  at: string;
  /** A file the broker attached (the insurer's letter…). */
  fromStaff: boolean;
  url: string;
}

/** One step of the claim's history. */
export interface ClaimStep {
  at: string;
  status: ClaimStatus;
  label: string;
  text: string;
}

/** One message of the thread with the broker. */
export interface ClaimMessage {
  id: number;
  at: string;
  authorName: string;
  fromClient: boolean;
  body: string;
}

/** A claim, as GET /api/claims/{id} answers it (files, history and messages empty in the list). */
export interface Claim {
  id: string;
  ref: string;
  status: ClaimStatus;
  statusLabel: string;
  contractId?: string;
  contractNumber?: string;
  insurer: string;
  policyNumber: string;
  product: string;
  productLabel: string;
  kind: string;
  kindLabel: string;
  occurredAt: string;
  /** The last day the law gives to declare it (YYYY-MM-DD); "" for a natural disaster whose decree is not out. */
  declareBy: string;
  declareRule: string;
  declaredAt: string;
  late: boolean;
  description: string;
  answers: ClaimAnswer[];
  insurerRef?: string;
  asked?: string;
  amountCents?: number;
  reason?: string;
  mediator?: string;
  files: ClaimFile[];
  history: ClaimStep[];
  messages: ClaimMessage[];
  assistance?: { insurer: string; phone: string };
  /** For a contract held at another insurer: how the client declares it there, with our help. */
  elsewhere?: { contact: string; by?: string; rule: string; send: string[] };
  actions: ClaimAction[];
  updatedAt: string;
}

/** A declaration as it is sent: on a contract here, or on one held elsewhere. */
export type ClaimDraft = ({ contractId: string } | { insurer: string; policyNumber: string; product: string }) & {
  kind: string;
  occurredAt: string;
  description: string;
  answers: Record<string, string>;
};

const path = (id: string) => `/api/claims/${encodeURIComponent(id)}`;

/** Declares a loss; the answer carries its reference and the last day to declare. */
export async function declareClaim(draft: ClaimDraft): Promise<Claim> {
  return (await api<{ claim: Claim }>('POST', '/api/claims', draft)).claim;
}

/** The signed-in client's claims, newest first. */
export async function listClaims(): Promise<Claim[]> {
  return (await api<{ claims: Claim[] }>('GET', '/api/claims')).claims;
}

/** One claim of the signed-in client (404 for any other). */
export async function getClaim(id: string): Promise<Claim> {
  return (await api<{ claim: Claim }>('GET', path(id))).claim;
}

/** Attaches a photo or a document (PDF, JPEG or PNG, 10 Mo at most). */
export async function uploadClaimFile(id: string, file: File, signal?: AbortSignal): Promise<Claim> {
  const form = new FormData();
  form.append('file', file);
  return (await apiForm<{ claim: Claim }>(`${path(id)}/files`, form, signal)).claim;
}

/** Writes to the broker in the claim's thread. */
export async function sendClaimMessage(id: string, body: string): Promise<Claim> {
  return (await api<{ claim: Claim }>('POST', `${path(id)}/messages`, { body })).claim;
}
