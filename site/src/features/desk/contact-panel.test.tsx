import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SessionUser } from '../../lib/session';
import { callbackPanel, contactPanel } from './contact-panel';
import { kindPanels } from './kinds';
import type { DeskRequest } from './types';

let user: SessionUser | null = null;
vi.mock('../../lib/session', () => ({ useSession: () => ({ user }) }));

function staff(uid: string, role: SessionUser['role']): SessionUser {
  return { uid, email: `${uid}@exemple.fr`, displayName: uid, role, status: 'active', emailConfirmed: true, twoFactor: true, createdAt: '', updatedAt: '' };
}

function request(kind: 'contact' | 'callback', change: Partial<DeskRequest> = {}): DeskRequest {
  return {
    id: 'r1', kind, kindLabel: kind === 'contact' ? 'Message' : 'Rappel', ref: kind === 'contact' ? 'MS-2026-000001' : 'RA-2026-000001',
    client: false, name: 'Léa Martin', email: 'lea@exemple.fr', phone: '0639981234', product: '', summary: 'Sinistre', status: 'received',
    statusLabel: 'Nouveau', clientStatusLabel: 'Reçu', waiting: true, assignee: { uid: 'agent', name: 'Agnès' }, dueAt: '', overdue: false,
    dueToday: false, createdAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z', ...change,
  };
}

/** Records the posts and answers each, once `held` (if given) settles. */
function fakeServer(held?: Promise<void>) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    posts.push({ url, body: JSON.parse(init?.body as string) });
    await held;
    return new Response(JSON.stringify({ reply: {} }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }));
  return posts;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  user = null;
});

describe('contact and callback panels', () => {
  it('are registered for their kinds', () => {
    expect(kindPanels.contact).toBe(contactPanel);
    expect(kindPanels.callback).toBe(callbackPanel);
  });

  it('show a message', () => {
    const { Details } = contactPanel;
    const detail = { message: { subject: 'claim', subjectLabel: 'Sinistre', message: 'Dégât des eaux.\nCuisine.', consentAt: '2026-11-23T09:00:00.000Z' } };
    render(<Details request={request('contact')} detail={detail} onChange={() => {}} />);
    expect(screen.getByText('Sinistre')).toBeTruthy();
    expect(screen.getByText(/Dégât des eaux\./).textContent).toBe('Dégât des eaux.\nCuisine.');
    expect(screen.getByText('23 novembre 2026 à 10:00')).toBeTruthy();
  });

  it('show a callback slot, the phone as a tel: link, product and calls', () => {
    const { Details } = callbackPanel;
    const detail = { callback: { slotStart: '', slotEnd: '', slotLabel: '23\u00a0novembre\u00a02026, 14:00\u00a0–\u00a015:00', productLabel: 'Assurance habitation',
      note: '', attempts: 1, lastOutcome: 'no_answer', lastCallAt: '2026-11-23T13:05:00.000Z', consentAt: '2026-11-23T09:00:00.000Z' } };
    render(<Details request={request('callback')} detail={detail} onChange={() => {}} />);
    expect(screen.getByText('Assurance habitation')).toBeTruthy();
    expect(screen.getByRole('link', { name: '06\u00a039\u00a098\u00a012\u00a034' }).getAttribute('href')).toBe('tel:0639981234');
    expect(screen.getByText('1 appel ; le dernier le 23 novembre 2026 à 14:05, sans réponse')).toBeTruthy();
  });

  it('let the assignee reply, and offer the e-mail for a visitor', async () => {
    user = staff('agent', 'agent');
    const posts = fakeServer();
    const onChange = vi.fn();
    const { Actions } = contactPanel;
    render(<Actions request={request('contact')} detail={null} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la réponse' }));
    expect(screen.getByText('Écrivez la réponse.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Votre réponse'), { target: { value: 'Un expert passe jeudi.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la réponse' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(posts).toEqual([{ url: '/api/desk/requests/r1/reply', body: { body: 'Un expert passe jeudi.' } }]);
    expect(screen.getByRole('link', { name: /par e-mail à lea@exemple.fr/ }).getAttribute('href')).toContain('body=Un%20expert%20passe%20jeudi.');
  });

  it.each([
    ['another agent', staff('agent2', 'agent'), request('contact'), 'Prenez cette demande en charge pour agir.'],
    ['a closed message', staff('agent', 'agent'), request('contact', { status: 'closed' }), /remettez-le « En cours »/],
  ])('hide the reply from %s', (_, who, req, text) => {
    user = who;
    const { Actions } = contactPanel;
    render(<Actions request={req} detail={null} onChange={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('keep what was typed while a reply or a call left', async () => {
    user = staff('agent', 'agent');
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    const posts = fakeServer(held);
    const onChange = vi.fn();
    render(<contactPanel.Actions request={request('contact')} detail={null} onChange={onChange} />);
    const reply = screen.getByLabelText('Votre réponse') as HTMLTextAreaElement;
    fireEvent.change(reply, { target: { value: 'Un expert passe jeudi.' } });
    fireEvent.click(screen.getByRole('button', { name: /^Envoi|^Envoyer la réponse/ }));
    fireEvent.change(reply, { target: { value: 'Un expert passe jeudi. Et aussi' } });
    release();
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(reply.value).toBe('Un expert passe jeudi. Et aussi');
    expect(screen.getByRole('link', { name: /par e-mail à lea@exemple.fr/ }).getAttribute('href')).toContain('body=Un%20expert%20passe%20jeudi.');
    cleanup();
    render(<callbackPanel.Actions request={request('callback', { status: 'in_progress' })} detail={null} onChange={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Pas de réponse' }));
    const note = screen.getByLabelText('Compte rendu pour le client (facultatif)') as HTMLTextAreaElement;
    fireEvent.change(note, { target: { value: 'Message laissé.' } });
    fireEvent.click(screen.getByRole('button', { name: /^Enregistrer l’appel|^Enregistrement/ }));
    fireEvent.change(note, { target: { value: 'Message laissé. Rappeler demain' } });
    expect(await screen.findByText(/Tentative enregistrée/)).toBeTruthy();
    expect(note.value).toBe('Message laissé. Rappeler demain');
    expect(posts.map((p) => p.body)).toEqual([{ body: 'Un expert passe jeudi.' }, { outcome: 'no_answer', note: 'Message laissé.' }]);
  });

  it('let an admin log a call without answer', async () => {
    user = staff('boss', 'admin');
    const posts = fakeServer();
    const { Actions } = callbackPanel;
    render(<Actions request={request('callback', { status: 'in_progress' })} detail={null} onChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’appel' }));
    expect(screen.getByText('Indiquez si vous avez joint la personne.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Pas de réponse' }));
    fireEvent.change(screen.getByLabelText('Compte rendu pour le client (facultatif)'), { target: { value: 'Message laissé.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’appel' }));
    expect(await screen.findByText(/Tentative enregistrée/)).toBeTruthy();
    expect(posts).toEqual([{ url: '/api/desk/requests/r1/call', body: { outcome: 'no_answer', note: 'Message laissé.' } }]);
  });

  it('offer no call once the client was reached', () => {
    user = staff('agent', 'agent');
    const { Actions } = callbackPanel;
    render(<Actions request={request('callback', { status: 'called' })} detail={null} onChange={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
