import { formatDate, typeset } from '../../lib/format';
import type { Contract } from './types';

/**
 * The choices of the status filter: every status, the contracts with a document to check, the unpaid
 * ones (suspended, or a debit rejected and not settled) and those to renew (the avis d'échéance due
 * within three months, until the last day to refuse the renewal).
 */
export const statusChoices: { value: string; label: string }[] = [
  { value: '', label: 'Tous' },
  { value: 'proofs', label: 'Justificatifs à vérifier' },
  { value: 'unpaid', label: 'Impayés' },
  { value: 'renewal', label: 'À renouveler' },
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

/** How many months before the avis d'échéance is due staff see it coming (pkg/contract RenewalWatchMonths). */
export const renewalWatchMonths = 3;
/** The avis d'échéance is due this many days before the last day to refuse the renewal at the latest (L113-15-1). */
const noticeDaysBefore = 15;

/** A follow-up of a contract in staff's list: its payment incident, or its renewal coming. */
export interface FollowUp {
  kind: 'unpaid' | 'renewal';
  text: string;
  /** Something to do now: the incident, or an avis late. */
  urgent: boolean;
}

/** YYYY-MM-DD plus days, in UTC where the civil dates are counted. */
function plusDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** YYYY-MM-DD plus months, the month's last day when the day does not exist there. */
function plusMonths(day: string, months: number): string {
  const [y = 0, m = 1, dd = 1] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(dd, last))).toISOString().slice(0, 10);
}

/**
 * What staff follow on c today: its payment incident's stage while one is open; or, from three
 * months before the avis d'échéance is due until the last day to refuse the renewal, the avis to
 * send, late, or sent, with that day. Null otherwise, and for a contract without these parts.
 */
export function followUp(c: Pick<Contract, 'incident' | 'renewalDeadline' | 'renewal'>, now: number = Date.now()): FollowUp | null {
  if (c.incident && c.incident.stage !== 'closed') {
    return { kind: 'unpaid', text: c.incident.stageLabel ? `Impayé · ${c.incident.stageLabel}` : 'Impayé', urgent: true };
  }
  const deadline = c.renewalDeadline;
  const today = parisToday(now);
  if (!deadline || !/^\d{4}-\d{2}-\d{2}$/.test(deadline) || today > deadline) return null;
  const refuse = typeset(`refus jusqu’au ${formatDate(deadline)}`);
  if (c.renewal?.noticeSentAt) {
    return { kind: 'renewal', text: `${c.renewal.late ? 'Avis envoyé en retard' : 'Avis envoyé'}, ${refuse}`, urgent: false };
  }
  const due = plusDays(deadline, -noticeDaysBefore);
  if (today > due) return { kind: 'renewal', text: `Avis en retard, ${refuse}`, urgent: true };
  if (plusMonths(today, renewalWatchMonths) < due) return null;
  return { kind: 'renewal', text: typeset(`Avis à envoyer avant le ${formatDate(due)}`), urgent: false };
}
