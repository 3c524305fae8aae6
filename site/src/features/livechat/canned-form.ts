import type { CannedDraft } from './types';

/** The longest title of a canned answer, in characters. */
export const maxTitle = 80;
/** The longest text of a canned answer, in characters (a chat message's limit). */
export const maxText = 1000;

/** The French message of each field that is not right; empty when the draft can be sent. */
export type CannedErrors = Partial<Record<keyof CannedDraft, string>>;

const length = (s: string) => Array.from(s.trim()).length;

/** Checks a canned answer as the server does, so the admin learns it without a round trip. */
export function validateCanned(d: CannedDraft): CannedErrors {
  const errors: CannedErrors = {};
  if (length(d.title) === 0) errors.title = 'Donnez un titre à la réponse type.';
  else if (length(d.title) > maxTitle) errors.title = `Le titre ne doit pas dépasser ${maxTitle}\u00a0caractères (il en a ${length(d.title)}).`;
  if (length(d.text) === 0) errors.text = 'Écrivez le texte de la réponse type.';
  else if (length(d.text) > maxText) errors.text = `Le texte ne doit pas dépasser 1\u00a0000\u00a0caractères (il en a ${length(d.text).toLocaleString('fr-FR')}).`;
  return errors;
}
