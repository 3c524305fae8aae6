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
  // The server's own words (pkg/chat/canned.go), so the message is the same whoever checks first.
  if (length(d.title) === 0) errors.title = 'Donnez un titre à cette réponse.';
  else if (length(d.title) > maxTitle) errors.title = 'Le titre dépasse 80\u00a0caractères\u00a0: raccourcissez-le.';
  if (length(d.text) === 0) errors.text = 'Écrivez le texte de la réponse.';
  else if (length(d.text) > maxText) errors.text = 'Le texte dépasse 1\u00a0000\u00a0caractères\u00a0: raccourcissez-le.';
  return errors;
}
