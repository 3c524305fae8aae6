// The declaration's pure logic, from pkg/claim/form.json, the file the
// server checks the same declaration with: which questions are asked, what
// is sent, when the emergency numbers come first, and the delay's rule.
import form from '../../../../pkg/claim/form.json';
import { typeset } from '../../lib/format';
import type { ClaimDraft } from './api';

/** A question of the declaration. */
export interface Question {
  id: string;
  label: string;
  type: 'text' | 'yesno' | 'select' | 'date';
  required?: boolean;
  /** The natures of loss it is asked for; every one when absent. */
  kinds?: string[];
  /** The answers it waits for before it is asked. */
  when?: Record<string, string>;
  options?: { id: string; label: string }[];
}

/** A nature of loss and the delay rule it follows. */
export interface Kind {
  id: string;
  label: string;
  delay: 'general' | 'theft' | 'natural';
}

/** A product, the natures of loss it knows and its questions. */
export interface ProductForm {
  id: string;
  label: string;
  kinds: string[];
  questions: string[];
}

/** The questions, natures and bounds of form.json. */
export const claimForm = form as unknown as {
  delays: { generalWorkingDays: number; theftWorkingDays: number; naturalDisasterDays: number };
  bounds: Record<'description' | 'insurer' | 'policyNumber' | 'text' | 'message', { min: number; max: number }>;
  maxFiles: number;
  products: ProductForm[];
  kinds: Kind[];
  questions: Question[];
};

/** The product's form, undefined for an unknown id. */
export function productForm(id: string): ProductForm | undefined {
  return claimForm.products.find((p) => p.id === id);
}

/** The natures of loss a product knows, in the file's order. */
export function kindsOf(product: string): Kind[] {
  const p = productForm(product);
  if (!p) return [];
  return p.kinds.map((id) => claimForm.kinds.find((k) => k.id === id)).filter((k): k is Kind => Boolean(k));
}

/** Whether q is asked for a loss of kind with these answers (pkg/claim Question.asked). */
export function isAsked(q: Question, kind: string, answers: Record<string, string>): boolean {
  if (q.kinds && !q.kinds.includes(kind)) return false;
  return Object.entries(q.when ?? {}).every(([k, v]) => answers[k] === v);
}

/** The questions asked for product and kind with the answers given so far, in the product's order. */
export function askedQuestions(product: string, kind: string, answers: Record<string, string>): Question[] {
  const p = productForm(product);
  if (!p || !kind) return [];
  return p.questions
    .map((id) => claimForm.questions.find((q) => q.id === id))
    .filter((q): q is Question => Boolean(q) && isAsked(q as Question, kind, answers));
}

/** The value of « Un contrat souscrit ailleurs » in the choice of contract. */
export const elsewhere = 'ailleurs';

/** A contract the client may declare on, as the contracts' list gives it. */
export interface ContractChoice {
  id: string;
  number: string;
  product: string;
  productLabel: string;
  insurer: string;
  status: string;
  /** The insurer's 24/7 line, when the list gives it. */
  assistance?: { insurer: string; phone: string };
}

/** What the client fills in, step by step. */
export interface DeclareValues {
  /** A contract's id, or elsewhere. */
  contract: string;
  insurer: string;
  policyNumber: string;
  product: string;
  kind: string;
  occurredAt: string;
  description: string;
  answers: Record<string, string>;
}

/** The declaration before anything is typed, on contract when one is given. */
export function initialValues(contract = ''): DeclareValues {
  return { contract, insurer: '', policyNumber: '', product: '', kind: '', occurredAt: '', description: '', answers: {} };
}

/** The contracts a loss may be declared on: every one signed. */
export function declarable<T extends { status: string }>(contracts: T[]): T[] {
  return contracts.filter((c) => c.status !== 'pending_signature');
}

/** The product of the declaration: the chosen contract's, or the one named for a contract held elsewhere. */
export function productOf(v: DeclareValues, contracts: ContractChoice[]): string {
  if (v.contract === elsewhere) return v.product;
  return contracts.find((c) => c.id === v.contract)?.product ?? '';
}

/** The request of POST /api/claims: only the questions asked, only the answers given. */
export function buildDraft(v: DeclareValues, contracts: ContractChoice[]): ClaimDraft {
  const product = productOf(v, contracts);
  const answers: Record<string, string> = {};
  for (const q of askedQuestions(product, v.kind, v.answers)) {
    const a = (v.answers[q.id] ?? '').trim();
    if (a !== '') answers[q.id] = a;
  }
  const common = { kind: v.kind, occurredAt: v.occurredAt, description: v.description.trim(), answers };
  if (v.contract === elsewhere) return { insurer: v.insurer.trim(), policyNumber: v.policyNumber.trim(), product, ...common };
  return { contractId: v.contract, ...common };
}

/** What calls for the emergency numbers first. */
export interface Emergency {
  injured: boolean;
  fire: boolean;
  /** Water still running: the tap at the meter comes first. */
  water: boolean;
}

/** The emergency of a declaration, undefined when there is none. */
export function emergencyOf(v: DeclareValues, product: string): Emergency | undefined {
  const asked = new Set(askedQuestions(product, v.kind, v.answers).map((q) => q.id));
  const e = {
    injured: asked.has('injured') && v.answers.injured === 'yes',
    fire: v.kind === 'fire',
    water: asked.has('waterStopped') && v.answers.waterStopped === 'no',
  };
  return e.injured || e.fire || e.water ? e : undefined;
}

/** The rule of the legal delay to declare a loss of kind, typeset; the exact day comes from the server. */
export function delayRule(kind: string): string | undefined {
  const k = claimForm.kinds.find((x) => x.id === kind);
  if (!k) return undefined;
  const d = claimForm.delays;
  switch (k.delay) {
    case 'theft':
      return typeset(`${d.theftWorkingDays} jours ouvrés après le vol, ou après le jour où vous l’avez découvert (article L113-2 du code des assurances).`);
    case 'natural':
      return typeset(`${d.naturalDisasterDays} jours après la publication de l’arrêté de catastrophe naturelle au Journal officiel (article L125-2 du code des assurances) : déclarez sans attendre l’arrêté, votre dossier sera prêt.`);
    default:
      return typeset(`${d.generalWorkingDays} jours ouvrés après le sinistre, ou après le jour où vous l’avez appris (article L113-2 du code des assurances).`);
  }
}

/** Messages by field, as the server names them (answers.<id> for a question). */
export type FieldErrors = Record<string, string>;

/** The step a field of the server belongs to: 1 the contract, 2 the loss. */
export function stepOf(field: string): number {
  return ['contractId', 'insurer', 'policyNumber', 'product'].includes(field) ? 1 : 2;
}

function bounded(text: string, key: 'insurer' | 'policyNumber' | 'description' | 'text', what: string): string | undefined {
  const { min, max } = claimForm.bounds[key];
  const n = text.trim().length;
  if (n === 0) return `${what}\u00a0: ce champ est à remplir.`;
  if (n < min) return `${what}\u00a0: au moins ${min} caractères.`;
  if (n > max) return `${what}\u00a0: ${max} caractères au plus.`;
  return undefined;
}

/** What is wrong in a step before it is left, the server's words; today is YYYY-MM-DD. */
export function checkStep(step: number, v: DeclareValues, contracts: ContractChoice[], today: string): FieldErrors {
  const e: FieldErrors = {};
  const put = (field: string, msg: string | undefined) => {
    if (msg) e[field] = typeset(msg);
  };
  if (step === 1) {
    if (v.contract === '') put('contractId', 'Choisissez le contrat concerné.');
    if (v.contract === elsewhere) {
      put('insurer', bounded(v.insurer, 'insurer', 'L’assureur'));
      put('policyNumber', bounded(v.policyNumber, 'policyNumber', 'Le numéro de contrat'));
      if (!productForm(v.product)) put('product', 'Choisissez le produit assuré.');
    }
    return e;
  }
  const product = productOf(v, contracts);
  if (!kindsOf(product).some((k) => k.id === v.kind)) put('kind', 'Choisissez ce qui s’est passé.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.occurredAt)) put('occurredAt', 'Donnez la date du sinistre.');
  else if (v.occurredAt > today) put('occurredAt', 'La date du sinistre ne peut pas être dans le futur.');
  for (const q of askedQuestions(product, v.kind, v.answers)) {
    const a = (v.answers[q.id] ?? '').trim();
    if (a === '') {
      if (q.required) put(`answers.${q.id}`, 'Répondez à cette question.');
    } else if (q.type === 'text' && a.length > claimForm.bounds.text.max) {
      put(`answers.${q.id}`, `Cette réponse\u00a0: ${claimForm.bounds.text.max} caractères au plus.`);
    } else if (q.type === 'date' && v.occurredAt && a < v.occurredAt) {
      put(`answers.${q.id}`, 'L’arrêté ne peut pas être paru avant le sinistre.');
    } else if (q.type === 'date' && a > today) {
      put(`answers.${q.id}`, 'L’arrêté ne peut pas être paru après aujourd’hui.');
    }
  }
  put('description', bounded(v.description, 'description', 'Le récit'));
  return e;
}

/** The id of the input a field's error belongs to, to focus it. */
export function inputId(field: string): string {
  const ids: Record<string, string> = {
    contractId: 'sinistre-contrat', insurer: 'sinistre-assureur', policyNumber: 'sinistre-police', product: 'sinistre-produit',
    kind: 'sinistre-nature', occurredAt: 'sinistre-date', description: 'sinistre-recit',
  };
  return ids[field] ?? (field.startsWith('answers.') ? `question-${field.slice('answers.'.length)}` : '');
}
