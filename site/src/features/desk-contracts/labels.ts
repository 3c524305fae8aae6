import { typeset } from '../../lib/format';
import type { Contract } from './types';

/** The choices of the status filter: every status, and the contracts with a document to check. */
export const statusChoices: { value: string; label: string }[] = [
  { value: '', label: 'Tous' },
  { value: 'proofs', label: 'Justificatifs à vérifier' },
  { value: 'pending_signature', label: 'En attente de signature' },
  { value: 'awaiting_documents', label: 'En attente de justificatifs' },
  { value: 'active', label: 'Actif' },
  { value: 'cancel_requested', label: 'Résiliation demandée' },
  { value: 'cancelled', label: 'Résilié' },
  { value: 'withdrawn', label: 'Rétracté' },
];

/** The products a contract may insure, as the product filter offers them. */
export const productChoices: { value: string; label: string }[] = [
  { value: '', label: 'Tous' },
  { value: 'car', label: 'Auto' },
  { value: 'moto', label: 'Moto et scooter' },
  { value: 'home', label: 'Habitation' },
  { value: 'vtc', label: 'VTC' },
  { value: 'temp', label: 'Temporaire' },
  { value: 'health', label: 'Santé' },
  { value: 'life', label: 'Vie' },
  { value: 'pro', label: 'Professionnelle' },
  { value: 'fleet', label: 'Flotte' },
];

/** The supporting documents of c still to check. */
export function proofsToCheck(c: Contract): number {
  return c.proofs.filter((p) => p.status === 'sent').length;
}

/** « 1 justificatif à vérifier », « 3 justificatifs à vérifier ». */
export function proofsText(n: number): string {
  return n === 1 ? '1\u00a0justificatif à vérifier' : `${n.toLocaleString('fr-FR')}\u00a0justificatifs à vérifier`;
}

/** « aucun prélèvement rejeté », « 1 prélèvement rejeté, à régulariser », « 3 prélèvements rejetés, à régulariser ». */
export function rejectedText(count: number): string {
  if (count === 0) return 'aucun prélèvement rejeté';
  return count === 1 ? '1\u00a0prélèvement rejeté, à régulariser' : `${count.toLocaleString('fr-FR')}\u00a0prélèvements rejetés, à régulariser`;
}

/** « 1 contrat », « 12 contrats ». */
export function contractsText(n: number): string {
  return n === 1 ? '1\u00a0contrat' : `${n.toLocaleString('fr-FR')}\u00a0contrats`;
}

/** Days before the provisional cover gets near enough to show in colour. */
export const nearDays = 7;

/** Today's date in Paris, YYYY-MM-DD: the deadlines are counted there. */
export function parisToday(now: number = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** How the end of a provisional cover stands: past, today, near, later. */
export interface Deadline {
  state: 'past' | 'today' | 'near' | 'later';
  days: number;
  text: string;
}

/**
 * The provisional cover's end of c while it waits for its documents, the
 * deadline the agent must meet; null when it has none.
 */
export function provisionalDeadline(c: Pick<Contract, 'status' | 'provisionalUntil'>, now: number = Date.now()): Deadline | null {
  if (c.status !== 'awaiting_documents' || !c.provisionalUntil) return null;
  const days = Math.round((Date.parse(c.provisionalUntil) - Date.parse(parisToday(now))) / 86_400_000);
  if (Number.isNaN(days)) return null;
  if (days < 0) return { state: 'past', days, text: typeset(days === -1 ? 'Dépassée depuis 1 jour' : `Dépassée depuis ${-days} jours`) };
  if (days === 0) return { state: 'today', days, text: 'Se termine aujourd’hui' };
  const left = typeset(days === 1 ? 'Dans 1 jour' : `Dans ${days} jours`);
  return { state: days <= nearDays ? 'near' : 'later', days, text: left };
}

/** « Mensuel » or « Annuel ». */
export function rhythmLabel(rhythm: string): string {
  return rhythm === 'yearly' ? 'Annuel, en une fois' : 'Mensuel';
}
