import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ContractCountsPanel } from './contract-counts';
import { rejectedText } from './labels';
import { fakeServer, json } from './test-fixtures';
import type { ContractCounts } from './types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const counts: ContractCounts = {
  signedThisMonth: 3, cancelledThisMonth: 1, active: 12, awaiting: 2, pending: 1, proofsToCheck: 4, premiumsCents: 1_234_567,
  collectedCents: 987_654, rejectedCents: 5_600, rejected: 2, outstandingCents: 123_400,
  amendmentsSignedThisMonth: 2, amendmentDrafts: 1,
};

function panel(c: ContractCounts) {
  fakeServer({ 'GET /api/desk/contracts/counts': () => json(200, c) });
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <ContractCountsPanel /> }])} />);
}

describe('rejectedText', () => {
  it.each([
    [0, 'aucun prélèvement rejeté'],
    [1, '1\u00a0prélèvement rejeté, à régulariser'],
    [1200, '1\u202f200\u00a0prélèvements rejetés, à régulariser'],
  ])('%i is %s', (count, want) => expect(rejectedText(count)).toBe(want));
});

describe('ContractCountsPanel', () => {
  it.each([
    [{ amendmentsSignedThisMonth: 2, amendmentDrafts: 1 }, ['2avenants signés ce mois-ci', '1avenant en attente de la signature du client']],
    [{ amendmentsSignedThisMonth: 1, amendmentDrafts: 0 }, ['1avenant signé ce mois-ci', '0avenant en attente de la signature du client']],
    [{ amendmentsSignedThisMonth: 0, amendmentDrafts: 3 }, ['0avenant signé ce mois-ci', '3avenants en attente de la signature du client']],
  ])('shows the amendments signed this month and waiting for the client (%o)', async (a, want) => {
    panel({ ...counts, ...a });
    const list = await screen.findByRole('list', { name: 'Avenants' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(want);
  });

  it('shows the premiums collected, to come and rejected, the rejected ones a link to the unpaid contracts', async () => {
    panel(counts);
    const debits = await screen.findByRole('list', { name: 'Prélèvements' });
    const items = within(debits).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      '9\u202f876,54\u00a0€de primes encaissées',
      '1\u202f234,00\u00a0€de prélèvements à venir ou envoyés à la banque',
      '56,00\u00a0€2\u00a0prélèvements rejetés, à régulariser',
    ]);
    const link = within(debits).getByRole('link');
    expect(link.getAttribute('href')).toBe('/dashboard/contracts?status=unpaid');
    expect(link.closest('li')!.className).toBe('stat stat-money stat-overdue');
  });

  it('gives no link and no alarm when nothing is rejected', async () => {
    panel({ ...counts, rejected: 0, rejectedCents: 0 });
    const debits = await screen.findByRole('list', { name: 'Prélèvements' });
    expect(within(debits).queryByRole('link')).toBeNull();
    expect(within(debits).getByText('aucun prélèvement rejeté').closest('li')!.className).toBe('stat stat-money');
  });
});
