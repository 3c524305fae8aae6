import { vi } from 'vitest';
import type { Contract } from './types';

/** A car contract signed and waiting for its documents, one sent. */
export const sample: Contract = {
  id: 'K1', number: 'CT-2026-000001', status: 'awaiting_documents', statusLabel: 'En attente de justificatifs', source: 'price',
  product: 'car', productLabel: 'Assurance auto', insurer: 'Mutuelle Exemple', formula: 'Tous risques',
  holder: { name: 'Marie Durand', email: 'marie@exemple.fr', birthDate: '1981-03-02', address: '12 rue des Lilas', postalCode: '69002', city: 'Lyon' },
  risk: { vehicle: { make: 'Peugeot', model: '208', version: '1.2 PureTech 100', registration: 'AB-123-CD' }, lines: [['Usage', 'Privé et trajet domicile-travail']] },
  startDate: '2026-03-10', yearlyCents: 62_450, monthlyCents: 5_300, taxesCents: 10_200, deductibleCents: 30_000, rhythm: 'monthly',
  createdAt: '2026-03-02T09:00:00Z', updatedAt: '2026-03-02T09:00:00Z', signedAt: '2026-03-02T09:30:00Z',
  provisionalUntil: '2026-04-08', withdrawUntil: '2026-03-16',
  documents: [{ id: 'D1', kind: 'evidence', title: 'Fichier de preuve de la signature', url: '/api/contracts/K1/documents/D1', sha256: 'ab', issuedAt: '2026-03-02T09:30:00Z', signed: true }],
  proofs: [
    { kind: 'licence', label: 'Permis de conduire', status: 'sent', statusLabel: 'En cours de vérification', name: 'permis.pdf', sentAt: '2026-03-02T10:00:00Z', url: '/api/contracts/K1/proofs/licence' },
    { kind: 'registration', label: 'Certificat d\'immatriculation (carte grise)', status: 'missing', statusLabel: 'À envoyer' },
  ],
  schedule: [], history: [], actions: ['review'],
};

/** A JSON answer of the fake server. */
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server: "METHOD url" → answer; every call is recorded with its body. */
export function fakeServer(routes: Record<string, (body: unknown) => Response>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const body = init?.body ? JSON.parse(init.body as string) : undefined;
    calls.push({ key, body });
    const answer = routes[key];
    return answer ? answer(body) : json(404, { error: "Ce point d'accès de l'API n'existe pas.", code: 'not_found' });
  }));
  return calls;
}
