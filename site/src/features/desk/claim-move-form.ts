import form from '../../../../pkg/claim/form.json';
import { parseEuros } from '../../lib/format';
import type { ClaimMove, ClaimMoveInput, ClaimNeed } from './claim-api';

/** The fields' lengths, as pkg/claim checks them. */
export const claimBounds = form.bounds;

/** The most an indemnity typed by hand may be: 10 million euros (claim.MaxAmountCents). */
export const maxIndemnityCents = 1_000_000_000;

/** The fields of the moves form, as typed. */
export interface MoveFields {
  status: string;
  insurerRef: string;
  asked: string;
  /** The indemnity in euros, typed the French way: « 1 250,50 ». */
  amount: string;
  reason: string;
  note: string;
}

/** A field of the form, named as the API names it (the amount is amountCents). */
export type MoveField = 'status' | 'insurerRef' | 'asked' | 'amountCents' | 'reason' | 'note';

export type MoveErrors = Partial<Record<MoveField, string>>;

export const emptyMove: MoveFields = { status: '', insurerRef: '', asked: '', amount: '', reason: '', note: '' };

/** The label of the field each need asks for. */
export const needLabels: Record<Exclude<ClaimNeed, ''>, string> = {
  insurerRef: 'Numéro de sinistre de l’assureur',
  asked: 'Pièce demandée au client',
  amountCents: 'Montant de l’indemnité',
  reason: 'Motif du refus',
};

const missing: Record<Exclude<ClaimNeed, ''>, string> = {
  insurerRef: 'Donnez le numéro de sinistre que l’assureur a attribué.',
  asked: 'Dites au client quelle pièce il doit envoyer.',
  amountCents: 'Donnez le montant de l’indemnité, en euros.',
  reason: 'Donnez le motif du refus de l’assureur.',
};

/**
 * Reads an indemnity typed in euros, « 1 250,50 », « 1250.5 », « 800 € »,
 * as integer cents; null when it is not an amount, is zero, or is above
 * 10 million euros.
 */
export function indemnityCents(text: string): number | null {
  const cents = parseEuros(text.trim());
  return cents === null || cents <= 0 || cents > maxIndemnityCents ? null : cents;
}

/**
 * The move to send for the fields typed, or the errors that keep it from
 * going. Only the field the chosen move needs is sent; the others go empty.
 */
export function moveInput(f: MoveFields, moves: ClaimMove[]): { input: ClaimMoveInput } | { errors: MoveErrors } {
  const move = moves.find((m) => m.status === f.status);
  if (!move) return { errors: { status: 'Choisissez la nouvelle étape du sinistre.' } };
  const input: ClaimMoveInput = { status: move.status, insurerRef: '', asked: '', amountCents: 0, reason: '', note: f.note.trim() };
  switch (move.needs) {
    case 'insurerRef':
    case 'asked':
    case 'reason': {
      const v = f[move.needs].trim();
      if (!v) return { errors: { [move.needs]: missing[move.needs] } };
      input[move.needs] = v;
      break;
    }
    case 'amountCents': {
      if (!f.amount.trim()) return { errors: { amountCents: missing.amountCents } };
      const cents = indemnityCents(f.amount);
      if (cents === null) return { errors: { amountCents: 'Écrivez un montant en euros, par exemple 1 250,50 (10 millions au plus).' } };
      input.amountCents = cents;
      break;
    }
  }
  return { input };
}

/** The field a refusal of the server names, when the form has it; undefined for a message of the whole form. */
export function moveField(field: string | undefined): MoveField | undefined {
  const fields: MoveField[] = ['status', 'insurerRef', 'asked', 'amountCents', 'reason', 'note'];
  return fields.find((f) => f === field);
}
