import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { SessionUser } from '../../lib/session';
import { CallbackForm } from './callback-form';
import { MessageForm } from './message-form';

let user: SessionUser | null = null;
vi.mock('../../lib/session', () => ({ useSession: () => ({ user }) }));

function person(role: SessionUser['role']): SessionUser {
  return { uid: 'u1', email: 'marie@exemple.fr', displayName: 'Marie Curie', role, status: 'active', emailConfirmed: true, twoFactor: true, createdAt: '', updatedAt: '' };
}

const days = [
  { date: '2026-11-23', slots: [{ start: '2026-11-23T13:00:00Z', end: '2026-11-23T14:00:00Z' }, { start: '2026-11-23T14:00:00Z', end: '2026-11-23T15:00:00Z' }] },
  { date: '2026-11-24', slots: [{ start: '2026-11-24T08:00:00Z', end: '2026-11-24T09:00:00Z' }] },
];

/** A fake server: the slots, and a POST answered with `answer`. */
function fakeServer(answer: { status: number; body: unknown }) {
  const posts: { url: string; body: Record<string, unknown> }[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    if ((init?.method ?? 'GET') === 'GET') return json(200, { days });
    posts.push({ url, body: JSON.parse(init?.body as string) as Record<string, unknown> });
    return json(answer.status, answer.body);
  }));
  return posts;
}

function renderForm(form: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: <><h2 id="t">Formulaire</h2>{form}</> }], { initialEntries: ['/contact'] });
  render(<RouterProvider router={router} />);
  return screen.getByRole('form');
}

beforeEach(() => {
  user = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const receipt = (ref: string, extra = {}) => ({ status: 201, body: { receipt: { id: 'x', kind: 'contact', ref, dueAt: '2026-11-25T17:00:00.000Z', ...extra } } });

describe('MessageForm', () => {
  it('shows every error next to its field, in French, and focuses the first', async () => {
    const posts = fakeServer(receipt('MS-2026-000001'));
    const form = renderForm(<MessageForm labelledBy="t" />);
    fireEvent.click(within(form).getByRole('button', { name: 'Envoyer le message' }));
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Nom et prénom')));
    for (const text of ['Indiquez votre nom.', 'Saisissez votre adresse e-mail.', 'Choisissez l’objet de votre message.', 'Écrivez votre message.']) {
      expect(within(form).getByText(text)).toBeTruthy();
    }
    expect(within(form).getByText(/^Cochez la case/)).toBeTruthy();
    expect(within(form).getByLabelText('Adresse e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toHaveLength(0);
  });

  it('sends the message and gives the reference and the delay', async () => {
    const posts = fakeServer(receipt('MS-2026-000012'));
    const form = renderForm(<MessageForm labelledBy="t" />);
    fireEvent.change(within(form).getByLabelText('Nom et prénom'), { target: { value: 'Léa Martin' } });
    fireEvent.change(within(form).getByLabelText('Adresse e-mail'), { target: { value: 'lea@exemple.fr' } });
    fireEvent.change(within(form).getByLabelText('Objet'), { target: { value: 'claim' } });
    fireEvent.change(within(form).getByLabelText('Votre message'), { target: { value: 'Dégât des eaux chez moi.' } });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Envoyer le message' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Votre message MS-2026-000012\u00a0est bien arrivé. Réponse sous 2\u00a0jours ouvrés.');
    expect(posts).toEqual([{ url: '/api/contact', body: { name: 'Léa Martin', email: 'lea@exemple.fr', phone: '', subject: 'claim', message: 'Dégât des eaux chez moi.', consent: true } }]);
    await waitFor(() => expect(document.activeElement).toBe(status));
  });

  it("puts the server's refusal next to its field", async () => {
    fakeServer({ status: 400, body: { error: "L'adresse e-mail contient des caractères invisibles.", code: 'invalid', field: 'email' } });
    const form = renderForm(<MessageForm labelledBy="t" />);
    fireEvent.change(within(form).getByLabelText('Nom et prénom'), { target: { value: 'Léa' } });
    fireEvent.change(within(form).getByLabelText('Adresse e-mail'), { target: { value: 'lea@exemple.fr' } });
    fireEvent.change(within(form).getByLabelText('Objet'), { target: { value: 'other' } });
    fireEvent.change(within(form).getByLabelText('Votre message'), { target: { value: 'Une question simple.' } });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Envoyer le message' }));
    expect(await within(form).findByText("L'adresse e-mail contient des caractères invisibles.")).toBeTruthy();
    expect(within(form).getByLabelText('Adresse e-mail').getAttribute('aria-invalid')).toBe('true');
  });

  it("prefills a client's name and e-mail from the account", () => {
    user = person('client');
    const form = renderForm(<MessageForm labelledBy="t" />);
    const name = within(form).getByLabelText('Nom et prénom') as HTMLInputElement;
    const email = within(form).getByLabelText('Adresse e-mail') as HTMLInputElement;
    expect([name.value, name.readOnly, email.value, email.readOnly]).toEqual(['Marie Curie', true, 'marie@exemple.fr', true]);
  });

  it('tells staff the form is not theirs', () => {
    user = person('agent');
    render(<MessageForm labelledBy="t" />);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText(/compte de conseiller/)).toBeTruthy();
  });
});

describe('CallbackForm', () => {
  it('offers the days, then the slots of the day chosen, and sends the slot', async () => {
    const posts = fakeServer(receipt('RA-2026-000003', { kind: 'callback', slotStart: '2026-11-23T13:00:00.000Z', slotEnd: '2026-11-23T14:00:00.000Z' }));
    const form = renderForm(<CallbackForm labelledBy="t" product="car" />);
    const day = within(form).getByLabelText('Jour');
    await within(form).findByRole('option', { name: 'lundi 23\u00a0novembre' });
    expect((within(form).getByLabelText('Assurance concernée (facultatif)') as HTMLSelectElement).value).toBe('car');
    fireEvent.change(within(form).getByLabelText('Nom et prénom'), { target: { value: 'Léa Martin' } });
    fireEvent.change(within(form).getByLabelText('Numéro de téléphone'), { target: { value: '06 39 98 12 34' } });
    fireEvent.change(day, { target: { value: '2026-11-23' } });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Être rappelé' }));
    expect(await within(form).findByText('Choisissez un créneau.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('radio', { name: '14:00\u00a0–\u00a015:00' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Être rappelé' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('RA-2026-000003');
    expect(status.textContent).toContain('le lundi 23\u00a0novembre entre 14:00\u00a0et 15:00');
    expect(posts[0]?.body).toEqual({ name: 'Léa Martin', phone: '06 39 98 12 34', product: 'car', note: '', consent: true,
      slot: { start: '2026-11-23T13:00:00Z', end: '2026-11-23T14:00:00Z' } });
  });

  it('asks for a French number and sends "as soon as possible" without a slot', async () => {
    const posts = fakeServer(receipt('RA-2026-000004', { kind: 'callback' }));
    user = person('client');
    const form = renderForm(<CallbackForm labelledBy="t" />);
    fireEvent.change(within(form).getByLabelText('Numéro de téléphone'), { target: { value: '+44 20 7946 0958' } });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Être rappelé' }));
    expect(await within(form).findByText('Saisissez un numéro de téléphone français, par exemple 06 39 98 12 34.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Numéro de téléphone'), { target: { value: '06 39 98 12 34' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Être rappelé' }));
    expect((await screen.findByRole('status')).textContent).toContain('Nous vous rappelons sous 24\u00a0heures ouvrées.');
    expect(posts[0]?.body.slot).toEqual({ start: '', end: '' });
    expect(posts[0]?.body.name).toBe('');
  });
});
