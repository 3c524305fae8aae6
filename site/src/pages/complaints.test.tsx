import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { company } from '../lib/company';
import { setSessionUser, type SessionUser } from '../lib/session';
import ComplaintsPage from './complaints';

const claire: SessionUser = {
  uid: 'u1', email: 'claire@exemple.fr', displayName: 'Claire Martin', role: 'client', status: 'active', emailConfirmed: true, twoFactor: true, createdAt: '', updatedAt: '',
};
let sent: unknown[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/complaints') {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ complaint: {
        id: 'c1', ref: 'RC-2026-000007', acknowledgeDays: 10, answerMonths: 2,
        acknowledgeDueAt: '2026-03-13T17:00:00.000Z', answerDueAt: '2026-05-02T08:00:00.000Z',
      } }), { status: 201 });
    }
    return new Response('{}', { status: 404 });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(user: SessionUser | null) {
  act(() => setSessionUser(user));
  const router = createMemoryRouter([{ path: '/reclamations', Component: ComplaintsPage }], { initialEntries: ['/reclamations'] });
  render(<RouterProvider router={router} />);
}

/** The error tied to a field by aria-describedby. */
function errorOf(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id))
    .filter((e) => e?.classList.contains('field-error')).map((e) => e?.textContent).join(' ');
}

function fill(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillComplaint() {
  fill(/^Objet de la réclamation/, 'Remboursement non reçu');
  fill(/^Les faits/, "Le remboursement promis en janvier n'est jamais arrivé.");
  fill(/^Ce que vous demandez/, 'Le remboursement.');
}

describe('ComplaintsPage', () => {
  it('explains the procedure with the delays, the addresses and the mediator of the company profile', () => {
    renderPage(null);
    const text = document.body.textContent ?? '';
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Réclamations');
    for (const part of [`${company.complaints.acknowledgeDays}\u00a0jours ouvrables`, `${company.complaints.answerMonths}\u00a0mois`,
      company.complaints.email, company.mediator.name, company.mediator.address, 'gratuitement']) {
      expect(text).toContain(part);
    }
    expect(screen.getByRole('link', { name: company.complaints.email }).getAttribute('href')).toBe(`mailto:${company.complaints.email}`);
  });

  it('shows every error of a visitor\'s empty form next to its field and sends nothing', () => {
    renderPage(null);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma réclamation' }));
    expect(errorOf(screen.getByLabelText(/^Objet de la réclamation/))).toBe('Indiquez l’objet de votre réclamation.');
    expect(errorOf(screen.getByLabelText(/^Les faits/))).toBe('Décrivez les faits.');
    expect(errorOf(screen.getByLabelText(/^Nom et prénom/))).toBe('Indiquez votre nom.');
    expect(errorOf(screen.getByLabelText(/^Adresse e-mail/))).toBe('Saisissez votre adresse e-mail.');
    expect(errorOf(screen.getByRole('checkbox'))).toContain('Cochez la case');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Objet de la réclamation/));
    expect(sent).toEqual([]);
  });

  it('files a visitor\'s complaint and shows the reference and the dates owed', async () => {
    renderPage(null);
    fillComplaint();
    fill(/^Nom et prénom/, 'Jeanne Visiteuse');
    fill(/^Adresse e-mail/, 'jeanne@exemple.fr');
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma réclamation' })));
    expect(sent).toMatchObject([{ subject: 'Remboursement non reçu', name: 'Jeanne Visiteuse', email: 'jeanne@exemple.fr', consent: true }]);
    expect(screen.getByRole('heading', { name: 'Votre réclamation est enregistrée' })).toBe(document.activeElement);
    const text = document.body.textContent ?? '';
    expect(text).toContain('RC-2026-000007');
    expect(text).toContain('au plus tard le 13\u00a0mars 2026');
    expect(text).toContain('au plus tard le 2\u00a0mai 2026');
    expect(screen.queryByRole('link', { name: 'Suivre ma réclamation dans mon espace' })).toBeNull();
  });

  it('takes a client\'s identity from the account', async () => {
    renderPage(claire);
    expect(screen.queryByLabelText(/^Nom et prénom/)).toBeNull();
    expect(document.body.textContent).toContain('Vous êtes connecté en tant que Claire Martin (claire@exemple.fr)');
    fillComplaint();
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma réclamation' })));
    expect(sent).toMatchObject([{ name: '', email: '', consent: true }]);
    expect(screen.getByRole('link', { name: 'Suivre ma réclamation dans mon espace' }).getAttribute('href')).toBe('/dashboard');
  });

  it('puts the server\'s refusal next to the field it names', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'Les faits contiennent des caractères non autorisés.', code: 'invalid', field: 'facts' }), { status: 400 })));
    renderPage(claire);
    fillComplaint();
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma réclamation' })));
    expect(errorOf(screen.getByLabelText(/^Les faits/))).toBe('Les faits contiennent des caractères non autorisés.');
  });
});
