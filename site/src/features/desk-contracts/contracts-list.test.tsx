import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { contractsQuery } from './api';
import { ContractsList } from './contracts-list';
import { provisionalDeadline } from './labels';
import { fakeServer, json, sample } from './test-fixtures';

function inRouter(at = '/dashboard/contracts') {
  const router = createMemoryRouter([{ path: '*', element: <ContractsList /> }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const active = { ...sample, id: 'K2', number: 'CT-2026-000002', status: 'active' as const, statusLabel: 'Actif', provisionalUntil: undefined,
  proofs: [], holder: { ...sample.holder, name: 'Bruno Petit', email: 'bruno@exemple.fr' } };

describe('contractsQuery', () => {
  it.each([
    [{}, ''],
    [{ status: 'proofs' }, '?status=proofs'],
    [{ status: '', product: 'car', q: '  ab-123 ' }, '?product=car&q=ab-123'],
  ])('%j is %s', (f, want) => expect(contractsQuery(f)).toBe(want));
});

describe('provisionalDeadline', () => {
  const now = Date.parse('2026-04-05T10:00:00Z');
  it.each([
    ['2026-04-20', 'later', 'Dans 15\u00a0jours'],
    ['2026-04-08', 'near', 'Dans 3\u00a0jours'],
    ['2026-04-06', 'near', 'Dans 1\u00a0jour'],
    ['2026-04-05', 'today', "Se termine aujourd’hui"],
    ['2026-04-03', 'past', 'Dépassée depuis 2\u00a0jours'],
  ])('%s is %s', (until, state, text) => {
    expect(provisionalDeadline({ status: 'awaiting_documents', provisionalUntil: until }, now)).toMatchObject({ state, text });
  });
  it('is none for an active contract', () => {
    expect(provisionalDeadline({ status: 'active', provisionalUntil: '2026-04-08' }, now)).toBeNull();
  });
});

describe('ContractsList', () => {
  it('lists the contracts, filters by status, product and search, and keeps the filters in the address', async () => {
    const calls = fakeServer({
      'GET /api/desk/contracts': () => json(200, { contracts: [sample, active] }),
      'GET /api/desk/contracts?status=proofs': () => json(200, { contracts: [sample] }),
      'GET /api/desk/contracts?status=proofs&product=home': () => json(200, { contracts: [] }),
      'GET /api/desk/contracts?status=proofs&product=home&q=durand': () => json(200, { contracts: [] }),
    });
    const router = inRouter();
    const row = (await screen.findByRole('link', { name: 'CT-2026-000001' })).closest('tr')!;
    expect(screen.getByRole('status').textContent).toBe('2\u00a0contrats, les plus récents en premier');
    for (const part of ['Marie Durand', 'Assurance auto', 'Tous risques · Mutuelle Exemple', 'En attente de justificatifs', '1\u00a0justificatif à vérifier', '10\u00a0mars 2026', '8\u00a0avril 2026', '624,50\u00a0€']) {
      expect(row.textContent).toContain(part);
    }
    expect(screen.getByRole('link', { name: 'CT-2026-000001' }).getAttribute('href')).toBe('/dashboard/contracts/K1');
    expect(within(screen.getByRole('link', { name: 'CT-2026-000002' }).closest('tr')!).getByText('—')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'proofs' } });
    await screen.findByText('1 contrat, les plus récents en premier');
    expect(router.state.location.search).toBe('?status=proofs');
    expect(screen.queryByRole('link', { name: 'CT-2026-000002' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Produit'), { target: { value: 'home' } });
    await screen.findByText('Aucun contrat ne correspond à ces filtres.');
    expect(router.state.location.search).toBe('?status=proofs&product=home');

    const search = screen.getByRole('searchbox', { name: 'Rechercher' });
    fireEvent.change(search, { target: { value: 'durand' } });
    fireEvent.submit(search.closest('form')!);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=proofs&product=home&q=durand'));
    expect(calls.map((c) => c.key)).toEqual([
      'GET /api/desk/contracts', 'GET /api/desk/contracts?status=proofs', 'GET /api/desk/contracts?status=proofs&product=home',
      'GET /api/desk/contracts?status=proofs&product=home&q=durand',
    ]);
  });

  it('reads its filter from the address and offers a way out of one the server refuses', async () => {
    fakeServer({ 'GET /api/desk/contracts?status=perdu': () => json(400, { error: "Ce statut de contrat n'existe pas.", field: 'status' }) });
    inRouter('/dashboard/contracts?status=perdu');
    expect((await screen.findByRole('alert')).textContent).toContain("Ce statut de contrat n'existe pas.");
    expect(screen.getByRole('button', { name: 'Effacer les filtres' })).toBeTruthy();
  });
});
