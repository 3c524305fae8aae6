import { api, apiForm } from '../../lib/api';

/** One question of a declaration with what the client answered (claim.Answer). */
export interface ClaimAnswer {
  id: string;
  label: string;
  value: string;
  text: string;
}

/** A photo or a document of a claim; url answers its bytes to staff (claim.File). */
export interface ClaimFile {
  id: string;
  name: string;
  mime: string;
  size: number;
  at: string;
  fromStaff: boolean;
  url: string;
}

/** One step of the history the client reads (claim.Step). */
export interface ClaimStep {
  at: string;
  status: string;
  label: string;
  text: string;
}

/** One message of the thread between the client and the broker (claim.Message). */
export interface ClaimMessage {
  id: number;
  at: string;
  authorName: string;
  fromClient: boolean;
  body: string;
}

/** What a move to a status asks for: the insurer's number, the missing piece, the amount, the reason, or nothing. */
export type ClaimNeed = 'insurerRef' | 'asked' | 'amountCents' | 'reason' | '';

/** A status staff may give the claim now (claim.Move). */
export interface ClaimMove {
  status: string;
  label: string;
  needs: ClaimNeed;
}

/** A claim as staff read it on the request's page (claim.StaffClaim). */
export interface StaffClaim {
  id: string;
  ref: string;
  status: string;
  statusLabel: string;
  contractId?: string;
  contractNumber?: string;
  insurer: string;
  policyNumber: string;
  product: string;
  productLabel: string;
  kind: string;
  kindLabel: string;
  /** The day of the loss, YYYY-MM-DD. */
  occurredAt: string;
  /** The last day the law gives to declare it, YYYY-MM-DD; empty while a natural disaster's decree is not out. */
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
  /** What the reader may do now: "file", "message". */
  actions: string[];
  updatedAt: string;
  name: string;
  email: string;
  moves: ClaimMove[];
  /** Whether the reader may move it and write: the agent who took it, or an admin. */
  canWork: boolean;
}

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
