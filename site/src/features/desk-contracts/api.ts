import { api } from '../../lib/api';
import type { AmendmentDraft } from './amendment-form';
import type { Amendment, Contract, ContractCounts, ContractFilter, Review, StaffPayment } from './types';

const keys = ['status', 'product', 'q'] as const;

/** The list's query string of a filter: empty values are left out. */
export function contractsQuery(f: ContractFilter): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const v = f[key]?.trim();
    if (v) params.set(key, v);
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The contracts for staff, newest first, by filters. */
export async function fetchDeskContracts(f: ContractFilter, signal?: AbortSignal): Promise<Contract[]> {
  return (await api<{ contracts: Contract[] }>('GET', `/api/desk/contracts${contractsQuery(f)}`, undefined, signal)).contracts;
}

/** One contract, which staff may read whoever holds it. */
export async function fetchContract(id: string): Promise<Contract> {
  return (await api<{ contract: Contract }>('GET', `/api/contracts/${encodeURIComponent(id)}`)).contract;
}

/** The contracts' figures: signed and ended this month, active, waiting, documents to check, premiums. */
export const fetchContractCounts = (): Promise<ContractCounts> => api('GET', '/api/desk/contracts/counts');

/** Accepts or refuses a supporting document; answers the contract as it now stands. */
export async function reviewProof(id: string, kind: string, review: Review): Promise<Contract> {
  const path = `/api/desk/contracts/${encodeURIComponent(id)}/proofs/${encodeURIComponent(kind)}/review`;
  return (await api<{ contract: Contract }>('POST', path, review)).contract;
}

/** E-mails the client a link to one of their contract's documents again. */
export async function resendDocument(id: string, docId: string): Promise<string> {
  const path = `/api/desk/contracts/${encodeURIComponent(id)}/documents/${encodeURIComponent(docId)}/resend`;
  return (await api<{ message: string }>('POST', path)).message;
}

/**
 * Records a payment of the client's unpaid premium, which ends the
 * incident; answers the contract as it now stands (read again when the
 * answer does not carry it).
 */
export async function recordPayment(id: string, payment: StaffPayment): Promise<Contract> {
  const path = `/api/desk/contracts/${encodeURIComponent(id)}/payments`;
  const res = await api<{ contract?: Contract } | undefined>('POST', path, payment);
  return res?.contract ?? fetchContract(id);
}

/** Prepares an amendment for the client who called (an agent's session); the client signs it by code. */
export async function prepareAmendment(id: string, draft: AmendmentDraft): Promise<Amendment> {
  return (await api<{ amendment: Amendment }>('POST', `/api/contracts/${encodeURIComponent(id)}/amendments`, draft)).amendment;
}
