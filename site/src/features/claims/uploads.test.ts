import { expect, test } from 'vitest';
import { ApiError } from '../../lib/api';
import type { Claim } from './api';
import { pick, sendAll, type PickedFile } from './uploads';
import { fileSize } from '../../lib/upload-file';

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name);

test('pick marks what the browser refuses and what goes beyond the limit', () => {
  const out = pick([], [file('constat.jpg'), file('notes.txt'), file('vide.png', 0), file('photo.png'), file('plainte.pdf')], 2);
  expect(out.map((p) => [p.file.name, p.state])).toEqual([
    ['constat.jpg', 'waiting'], ['notes.txt', 'refused'], ['vide.png', 'refused'], ['photo.png', 'waiting'], ['plainte.pdf', 'refused'],
  ]);
  expect(out[1]?.message).toBe('Envoyez un PDF, une photo JPEG ou une image PNG.');
  expect(out[4]?.message).toBe('Un dossier compte 2\u00a0fichiers au plus.');
});

test('fileSize in ko and Mo, typeset', () => {
  expect(fileSize(340 * 1024)).toBe('340\u00a0Ko');
  expect(fileSize(2.4 * 1024 * 1024)).toBe('2,4\u00a0Mo');
});

test('sendAll sends the waiting files in order; a refusal stops only its file', async () => {
  const files: PickedFile[] = pick([], [file('a.jpg'), file('b.txt'), file('c.pdf'), file('d.png')], 20);
  const sent: string[] = [];
  const changes: [string, Partial<PickedFile>][] = [];
  const claim = { id: 's1' } as Claim;
  const last = await sendAll(files, async (f) => {
    sent.push(f.name);
    if (f.name === 'c.pdf') throw new ApiError('Ce fichier n’est ni un PDF, ni une image JPEG ou PNG.', 400, 'file');
    return claim;
  }, (key, change) => changes.push([key, change]));
  expect(sent).toEqual(['a.jpg', 'c.pdf', 'd.png']);
  expect(last).toBe(claim);
  const c = files[2]!.key;
  expect(changes.filter(([k]) => k === c).map(([, ch]) => ch.state)).toEqual(['sending', 'refused']);
  expect(changes.find(([k, ch]) => k === c && ch.state === 'refused')?.[1].message).toBe('Ce fichier n’est ni un PDF, ni une image JPEG ou PNG.');
});
