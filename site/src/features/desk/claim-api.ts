import { api, apiForm } from '../../lib/api';
import type { Claim } from '../claims/api';

// The claim's types are the client's (features/claims/api.ts): staff
// read the same claim, with who sent it and what they may do.
export type { ClaimAnswer, ClaimFile, ClaimMessage, ClaimStep } from '../claims/api';

/** What a move to a status asks for: the insurer's number, the missing piece, the amount, the reason, or nothing. */
export type ClaimNeed = 'insurerRef' | 'asked' | 'amountCents' | 'reason' | '';

/** A status staff may give the claim now (claim.Move). */
export interface ClaimMove {
  status: string;
  label: string;
  needs: ClaimNeed;
}

/** A claim as staff read it on the request's page (claim.StaffClaim). */
export interface StaffClaim extends Claim {
  name: string;
  email: string;
  moves: ClaimMove[];
  /** Whether the reader may move it and write: the agent who took it, or an admin. */
  canWork: boolean;
  /** The responsibility the insurer retained ('' not known yet); it moves the bonus-malus at the contract's renewal. */
  responsibility?: Responsibility;
  /** A vehicle's claim on one of the house's contracts: the only ones whose responsibility staff record. */
  bonusMalus?: boolean;
}

/** The responsibility the insurer retained for a vehicle's claim (claim.ResponsibilityInput). */
export type Responsibility = '' | 'none' | 'shared' | 'full';

/** The choices of the desk's select, in the order an agent reads them. */
export const responsibilityChoices: { value: Responsibility; label: string }[] = [
  { value: '', label: 'Pas encore connue' },
  { value: 'none', label: 'Aucune' },
  { value: 'shared', label: 'Partagée' },
  { value: 'full', label: 'Entière' },
];

/** A move as the API takes it (claim.MoveInput). */
export interface ClaimMoveInput {
  status: string;
  insurerRef: string;
  asked: string;
  amountCents: number;
  reason: string;
  note: string;
}

/** How many claims stand in one status. */
export interface ClaimStatusCount {
  status: string;
  label: string;
  count: number;
}

/** The claims' figures of the dashboard (claim.Counts). */
export interface ClaimCounts {
  open: number;
  byStatus: ClaimStatusCount[];
  /** The average hours from a declaration to the broker's first answer, over the last 90 days. */
  firstAnswerHours: number;
  answered: number;
}

type ClaimAnswerBody = Promise<{ claim: StaffClaim }>;

const claimPath = (id: string) => `/api/claims/${encodeURIComponent(id)}`;

/** Gives the claim its next status, with what the move asks for. */
export const moveClaim = (requestId: string, move: ClaimMoveInput): ClaimAnswerBody =>
  api('POST', `/api/desk/requests/${encodeURIComponent(requestId)}/claim/status`, move);

/** Records the responsibility the insurer retained (a history line on the claim). */
export const setClaimResponsibility = (requestId: string, responsibility: Responsibility): ClaimAnswerBody =>
  api('POST', `/api/desk/requests/${encodeURIComponent(requestId)}/claim/responsibility`, { responsibility });

/** Writes to the client in the claim's thread (the client is e-mailed). */
export const writeToClaimant = (id: string, body: string): ClaimAnswerBody => api('POST', `${claimPath(id)}/messages`, { body });

/** Attaches a file staff received (the insurer's letter, the expert's report…). */
export function addClaimFile(id: string, file: File): ClaimAnswerBody {
  const form = new FormData();
  form.append('file', file);
  return apiForm(`${claimPath(id)}/files`, form);
}

/** The claims' figures: open, by status, and the average delay to the first answer. */
export const fetchClaimCounts = (): Promise<ClaimCounts> => api('GET', '/api/desk/claims/counts');
