// The signature's checks before anything is sent: every document read
// and accepted, the mandate's holder and account, the code.
import type { ContractDocument } from './api';
import type { FieldErrors } from './subscription-form';
import { bicProblem, ibanProblem } from './iban';

/** What the client fills in to sign. */
export interface SignatureValues {
  /** Kinds of the documents ticked, and "sepa". */
  ticked: string[];
  holder: string;
  iban: string;
  bic: string;
  code: string;
}

/** What each box of a document says (pkg/contract tickText). */
export function tickLabel(doc: Pick<ContractDocument, 'title'>): string {
  return `J’ai lu et j’accepte le document «\u00a0${doc.title}\u00a0»`;
}

/** What the mandate's box says (pkg/contract sepaTick). */
export const sepaLabel = 'J’autorise le prélèvement SEPA des cotisations sur le compte indiqué, selon le mandat et l’échéancier présentés';

/** The problems before the code is asked: the boxes and the mandate. */
export function checkMandate(v: SignatureValues, drafts: Pick<ContractDocument, 'kind' | 'title'>[]): FieldErrors {
  const e: FieldErrors = {};
  for (const d of drafts) {
    if (!v.ticked.includes(d.kind)) e[`accept-${d.kind}`] = 'Cochez cette case après avoir lu le document.';
  }
  const holder = v.holder.trim();
  if (!holder || holder.length > 70) e.holder = 'Indiquez le titulaire du compte (70\u00a0caractères au plus).';
  const iban = ibanProblem(v.iban);
  if (iban) e.iban = iban;
  const bic = bicProblem(v.bic);
  if (bic) e.bic = bic;
  if (!v.ticked.includes('sepa')) e.sepa = 'Cochez l’autorisation de prélèvement SEPA.';
  return e;
}

/** The problems before signing: those of the mandate, and the code of 6 digits. */
export function checkSignature(v: SignatureValues, drafts: Pick<ContractDocument, 'kind' | 'title'>[]): FieldErrors {
  const e = checkMandate(v, drafts);
  const code = codeProblem(v.code);
  if (code) e.code = code;
  return e;
}

/** Why the code typed is refused before it is sent: six digits are asked. */
export function codeProblem(code: string): string | undefined {
  return /^\d{6}$/.test(code.trim()) ? undefined : 'Saisissez le code à 6\u00a0chiffres reçu par e-mail.';
}

/** The id of the input of a field, to focus the first one refused. */
export function inputIdOf(field: string): string {
  if (field.startsWith('accept-')) return `lu-${field.slice('accept-'.length)}`;
  return { holder: 'titulaire', iban: 'iban', bic: 'bic', sepa: 'accord-sepa', code: 'code-signature' }[field] ?? field;
}
