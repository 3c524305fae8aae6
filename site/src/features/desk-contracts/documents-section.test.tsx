import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DocumentsSection } from './documents-section';
import { fakeServer, json, sample } from './test-fixtures';
import type { ContractDocument } from './types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const doc = (id: string, title: string, issuedAt: string, signed: boolean, kind = 'conditions', replaced?: boolean): ContractDocument =>
  ({ id, kind, title, url: `/api/contracts/K1/documents/${id}`, sha256: 'ab', issuedAt, signed, ...(replaced ? { replaced } : {}) });

describe('DocumentsSection', () => {
  const contract = {
    ...sample,
    documents: [
      doc('M2', 'Mémo Véhicule Assuré', '2026-03-05T09:00:00Z', false, 'memo'),
      doc('S1', 'Conditions particulières', '2026-03-02T09:30:00Z', true),
      doc('D1', 'Conditions particulières', '2026-03-02T09:00:00Z', false),
      doc('M1', 'Mémo Véhicule Assuré', '2026-03-02T09:00:00Z', false, 'memo'),
    ],
  };

  it('lists the newest version of each document, and folds the versions they replaced', () => {
    render(<DocumentsSection contract={contract} />);
    const section = screen.getByRole('region', { name: 'Documents' });
    const [current, drafts] = within(section).getAllByRole('list');
    expect(within(current!).getAllByRole('link').map((a) => a.textContent)).toEqual(['Mémo Véhicule Assuré (PDF, nouvel onglet)', 'Conditions particulières (PDF, nouvel onglet)']);
    expect(within(current!).getAllByRole('link')[0]!.getAttribute('target')).toBe('_blank');
    expect(section.querySelector('details summary')?.textContent).toBe('Versions antérieures (2)');
    expect(within(drafts!).getAllByRole('link')).toHaveLength(2);
    expect(within(drafts!).getAllByRole('button')[1]!.getAttribute('aria-label')).toBe('Renvoyer au client\u00a0: Mémo Véhicule Assuré, version du 2\u00a0mars 2026, 10:00');
  });

  it('sends a document to the client again and says so', async () => {
    const calls = fakeServer({ 'POST /api/desk/contracts/K1/documents/S1/resend': () => json(202, { message: 'Le document part par e-mail au client.' }) });
    render(<DocumentsSection contract={contract} />);
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer au client\u00a0: Conditions particulières, version signée' }));
    expect((await screen.findByText('Le document part par e-mail au client.')).getAttribute('role')).toBe('status');
    expect(calls.map((c) => c.key)).toEqual(['POST /api/desk/contracts/K1/documents/S1/resend']);
  });

  it('keeps every avenant in force, and folds the documents an amendment replaced, tagged so', () => {
    render(<DocumentsSection contract={{
      ...sample,
      documents: [
        doc('A2', 'Avenant n° 2', '2026-04-01T09:00:00Z', true, 'amendment'),
        doc('C2', 'Conditions particulières', '2026-04-01T09:00:00Z', true),
        doc('A1', 'Avenant n° 1', '2026-03-20T09:00:00Z', true, 'amendment'),
        doc('C1', 'Conditions particulières', '2026-03-02T09:30:00Z', true, 'conditions', true),
        doc('M1', 'Mémo Véhicule Assuré', '2026-03-02T09:30:00Z', true, 'memo', true),
      ],
    }} />);
    const section = screen.getByRole('region', { name: 'Documents' });
    const [current, older] = within(section).getAllByRole('list');
    expect(within(current!).getAllByRole('link').map((a) => a.textContent))
      .toEqual(['Avenant n° 2 (PDF, nouvel onglet)', 'Conditions particulières (PDF, nouvel onglet)', 'Avenant n° 1 (PDF, nouvel onglet)']);
    expect(within(older!).getAllByRole('link').map((a) => a.textContent)).toEqual(['Conditions particulières (PDF, nouvel onglet)', 'Mémo Véhicule Assuré (PDF, nouvel onglet)']);
    expect(within(older!).getAllByText('Remplacé')).toHaveLength(2);
    expect(within(current!).queryByText('Remplacé')).toBeNull();
  });
});
