// The photos and documents chosen for a claim, checked before they go and
// sent one by one, each with its own outcome.
import { ApiError } from '../../lib/api';
import { typeset } from '../../lib/format';
import { fileProblem } from '../../lib/upload-file';
import type { Claim } from './api';

/** A chosen file and where its sending stands. */
export interface PickedFile {
  key: string;
  file: File;
  state: 'waiting' | 'sending' | 'sent' | 'refused';
  /** Why it was refused, by the browser's check or by the server. */
  message?: string;
  /** Refused by the browser before any sending. */
  early?: boolean;
}

let seq = 0;

/** The files just chosen, added after those already there; the ones the browser refuses are marked at once. */
export function pick(current: PickedFile[], files: File[], max: number): PickedFile[] {
  const out = [...current];
  for (const file of files) {
    const problem = fileProblem(file);
    const full = out.filter((p) => p.state !== 'refused').length >= max;
    out.push({
      key: `f${++seq}`, file,
      state: problem || full ? 'refused' : 'waiting',
      message: problem ?? (full ? typeset(`Un dossier compte ${max} fichiers au plus.`) : undefined),
      early: problem || full ? true : undefined,
    });
  }
  return out;
}

/**
 * Sends the waiting files one after the other with send, telling each
 * change to update; a refusal stops only its own file. The claim last
 * answered, undefined when none went.
 */
export async function sendAll(
  files: PickedFile[],
  send: (file: File) => Promise<Claim>,
  update: (key: string, change: Partial<PickedFile>) => void,
): Promise<Claim | undefined> {
  let last: Claim | undefined;
  for (const p of files) {
    if (p.state !== 'waiting') continue;
    update(p.key, { state: 'sending' });
    try {
      last = await send(p.file);
      update(p.key, { state: 'sent', message: undefined });
    } catch (err) {
      update(p.key, { state: 'refused', message: err instanceof ApiError ? err.message : 'Ce fichier n’a pas pu être envoyé. Réessayez.' });
    }
  }
  return last;
}
