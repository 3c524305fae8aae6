import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ContractsList } from './contracts-list';
import { followUp } from './labels';
import { fakeServer, json, sample } from './test-fixtures';
import type { Contract, Incident, Renewal } from './types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('followUp', () => {
  const now = Date.parse('2026-10-01T10:00:00Z');
  const incident: Incident = { dueDate: '2026-09-10', amountCents: 2_800, stage: 'notice', stageLabel: 'Mise en demeure envoyée',
    reasonLabel: 'provision insuffisante', reference: 'IMP-CT-2026-000001-07', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP',
    noticeAt: '2026-09-20', suspendAt: '2026-10-20', terminateAt: '2026-10-30' };
  const renewal = (noticeSentAt: string, late: boolean): Renewal => ({ noticeSentAt, late, yearlyCents: 70_000, monthlyCents: 5_900,
    previousYearlyCents: 68_000, changes: [] });
  it.each<[string, Partial<Contract>, string | null, boolean?]>([
    ['nothing to follow', {}, null],
    ['an incident open, before the renewal', { incident, renewalDeadline: '2026-11-10' }, 'Impayé · Mise en demeure envoyée', true],
    ['an incident without its label', { incident: { ...incident, stageLabel: '' } }, 'Impayé', true],
    ['an incident closed', { incident: { ...incident, stage: 'closed' } }, null],
    ['the deadline far', { renewalDeadline: '2027-01-17' }, null],
    ['the notice due in 3 months', { renewalDeadline: '2027-01-16' }, 'Avis à envoyer avant le 1er\u00a0janvier 2027', false],
    ['the notice due today', { renewalDeadline: '2026-10-16' }, 'Avis à envoyer avant le 1er\u00a0octobre 2026', false],
    ['the notice late', { renewalDeadline: '2026-10-15' }, 'Avis en retard, refus jusqu’au 15\u00a0octobre 2026', true],
    ['the notice sent', { renewalDeadline: '2026-12-01', renewal: renewal('2026-09-20T06:00:00Z', false) },
      'Avis envoyé, refus jusqu’au 1er\u00a0décembre 2026', false],
    ['the notice sent late', { renewalDeadline: '2026-10-05', renewal: renewal('2026-09-28T06:00:00Z', true) },
      'Avis envoyé en retard, refus jusqu’au 5\u00a0octobre 2026', false],
    ['the deadline passed', { renewalDeadline: '2026-09-30', renewal: renewal('2026-08-01T06:00:00Z', false) }, null],
    ['a deadline unreadable', { renewalDeadline: 'bientôt' }, null],
  ])('%s', (_, c, text, urgent) => {
    const got = followUp(c, now);
    expect(got?.text ?? null).toBe(text);
    if (got) expect(got.urgent).toBe(urgent);
  });
});

describe('the follow-ups of the list', () => {
  it('offers the unpaid contracts and those to renew, and tags each row with what to follow', async () => {
    const unpaid: Contract = { ...sample, status: 'active', statusLabel: 'Actif', provisionalUntil: undefined, proofs: [],
      incident: { dueDate: '2026-03-10', amountCents: 5_300, stage: 'open', stageLabel: 'Prélèvement rejeté', reasonLabel: 'compte clos',
        reference: 'IMP-CT-2026-000001-01', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP',
        noticeAt: '2026-03-20', suspendAt: '2026-04-19', terminateAt: '2026-04-29' } };
    const calls = fakeServer({
      'GET /api/desk/contracts': () => json(200, { contracts: [sample] }),
      'GET /api/desk/contracts?status=unpaid': () => json(200, { contracts: [unpaid] }),
      'GET /api/desk/contracts?status=renewal': () => json(200, { contracts: [] }),
    });
    const router = createMemoryRouter([{ path: '*', element: <ContractsList /> }], { initialEntries: ['/dashboard/contracts'] });
    render(<RouterProvider router={router} />);
    await screen.findByRole('link', { name: 'CT-2026-000001' });
    const status = screen.getByLabelText('Statut');
    expect([...status.querySelectorAll('option')].map((o) => o.textContent)).toEqual(expect.arrayContaining(['Impayés', 'À renouveler']));

    fireEvent.change(status, { target: { value: 'unpaid' } });
    const tag = await screen.findByText('Impayé · Prélèvement rejeté');
    expect(tag.className).toBe('follow-tag follow-unpaid follow-urgent');
    expect(router.state.location.search).toBe('?status=unpaid');

    fireEvent.change(status, { target: { value: 'renewal' } });
    await screen.findByText('Aucun contrat ne correspond à ces filtres.');
    expect(calls.map((c) => c.key)).toEqual(['GET /api/desk/contracts', 'GET /api/desk/contracts?status=unpaid', 'GET /api/desk/contracts?status=renewal']);
  });
});
