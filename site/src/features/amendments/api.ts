// The calls of a contract's amendments (« avenants »): proposed and
// priced at once, then signed with a code sent by e-mail like the
// contract (pkg/web, POST /api/contracts/{id}/amendments…).
import { api } from '../../lib/api';
import type { CodeSent, Contract } from '../contracts/api';

/** What an amendment changes. */
export type AmendmentKind = 'vehicle' | 'address' | 'driver' | 'formula' | 'bank';

/** Where an amendment stands. */
export type AmendmentStatus = 'draft' | 'signed' | 'cancelled';

/** The changes posted, keyed as the rating file's answers (postalCode, vehicleId…) plus the contract's own fields. */
export interface AmendmentChanges {
  vehicleId?: string;
  vehicleYear?: number;
  registration?: string;
  address?: string;
  postalCode?: string;
  city?: string;
  namedDrivers?: number;
  /** The driver added, for the avenant (beside the rating file's count). */
  driverName?: string;
  formulaId?: string;
  /** A home's new dwelling (rates.json keys). */
  dwelling?: string;
  surface?: number;
  rooms?: number;
  floor?: string;
  occupant?: string;
  holder?: string;
  iban?: string;
  bic?: string;
}

/** An amendment as it is proposed: its kind, its effective date (YYYY-MM-DD), its changes. */
export interface AmendmentDraft {
  kind: AmendmentKind;
  effectiveDate: string;
  changes: AmendmentChanges;
}

/** An amendment priced by the engine, as the server answers it. */
export interface Amendment {
  id: string;
  kind: AmendmentKind;
  kindLabel: string;
  status: AmendmentStatus;
  effectiveDate: string;
  yearlyCentsBefore: number;
  yearlyCentsAfter: number;
  monthlyCentsAfter: number;
  /** Due by the client when positive, refunded when negative, for the rest of the period. */
  adjustmentCents: number;
  /** The lines of « Pourquoi ce prix ? » that changed: label, before, after. */
  trace: [string, string, string][];
  /** What changes, for people: label, before, after. */
  changes: [string, string, string][];
  /** Prepared by an advisor for the client, who signs it. */
  createdByStaff: boolean;
  signedAt?: string;
}

/** A contract with its amendments (GET /api/contracts/{id}, newest first). */
export type AmendedContract = Contract & { amendments?: Amendment[]; period?: { start: string; end: string } };

/** What the client sends to sign an amendment: the code and what they accept. */
export interface AmendmentSigning {
  code: string;
  accept: string[];
}

const path = (id: string) => `/api/contracts/${encodeURIComponent(id)}/amendments`;

/** Proposes an amendment: the server prices it at once; nothing changes until it is signed. */
export async function proposeAmendment(contractId: string, draft: AmendmentDraft): Promise<Amendment> {
  return (await api<{ amendment: Amendment }>('POST', path(contractId), draft)).amendment;
}

/** Sends the amendment's signature code by e-mail (a 429 when asked again within a minute). */
export function sendAmendmentCode(contractId: string, amendmentId: string): Promise<CodeSent> {
  return api<CodeSent>('POST', `${path(contractId)}/${encodeURIComponent(amendmentId)}/signature-code`);
}

/** Signs the amendment; the answer is the contract changed, with its new documents. */
export async function signAmendment(contractId: string, amendmentId: string, signing: AmendmentSigning): Promise<AmendedContract> {
  return (await api<{ contract: AmendedContract }>('POST', `${path(contractId)}/${encodeURIComponent(amendmentId)}/signature`, signing)).contract;
}
