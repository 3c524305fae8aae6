import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import AdminUsersPage from './admin-users';
import DeskRequestPage from './desk-request';
import { setSessionUser, type SessionUser } from '../lib/session';
import type { ListedUser } from '../features/admin/users';

const person = (uid: string, role: SessionUser['role'], name: string): SessionUser => ({
  uid, email: `${uid}@exemple.fr`, displayName: name, role, status: 'active', emailConfirmed: true, twoFactor: true, createdAt: '2026-03-01T09:00:00.000Z', updatedAt: '2026-03-01T09:00:00.000Z',
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server with three accounts, answering like pkg/web/admin.go. */
function fakeServer() {
  const users: ListedUser[] = [
    { uid: 'ada', email: 'ada@exemple.fr', displayName: 'Ada', role: 'admin', status: 'active', createdAt: '2026-03-01T09:00:00.000Z', lastSeenAt: '' },
    { uid: 'bruno', email: 'bruno@exemple.fr', displayName: 'Bruno', role: 'client', status: 'active', createdAt: '2026-03-02T09:00:00.000Z', lastSeenAt: '' },
    { uid: 'x', email: 'x@exemple.fr', displayName: 'x', role: 'agent', status: 'active', createdAt: '2026-03-02T10:00:00.000Z', lastSeenAt: '' },
  ];
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}${init?.body ? ` ${String(init.body)}` : ''}`);
    const q = /^\/api\/admin\/users(?:\?q=(.*))?$/.exec(url);
    if (method === 'GET' && q) {
      const needle = decodeURIComponent(q[1] ?? '').toLowerCase();
      return json(200, { users: users.filter((u) => `${u.displayName} ${u.email}`.toLowerCase().includes(needle)) });
    }
    if (method === 'POST' && url === '/api/admin/users') {
      const body = JSON.parse(init?.body as string) as { email: string; displayName: string; role: string };
      if (!/^[^@\s]+@[^@\s]+\.[a-z]+$/.test(body.email)) return json(400, { error: 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.', code: 'invalid', field: 'email' });
      if (users.some((u) => u.email === body.email.toLowerCase())) return json(409, { error: 'Un compte existe déjà avec cette adresse e-mail.', code: 'conflict', field: 'email' });
      const made: ListedUser = { uid: `u${users.length}`, email: body.email.toLowerCase(), displayName: body.displayName || (body.email.split('@')[0] ?? ''), role: body.role as ListedUser['role'], status: 'active', createdAt: '2026-03-03T09:00:00.000Z', lastSeenAt: '' };
      users.push(made);
      return json(201, { user: made });
    }
    const m = /^\/api\/admin\/users\/(\w+)\/(role|status)$/.exec(url);
    const u = users.find((x) => x.uid === m?.[1]);
    if (!m || !u) return json(404, { error: "Ce compte n'existe pas.", code: 'not_found' });
    Object.assign(u, JSON.parse(init?.body as string));
    return json(200, { user: u, endedSessions: 1 });
  }));
  return calls;
}

function show(element: React.ReactNode, path: string) {
  const router = createMemoryRouter([{ path: '/dashboard/requests/:id', element }, { path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  act(() => setSessionUser(null));
  vi.unstubAllGlobals();
});

describe('the users list', () => {
  it('changes a role only after the confirmation, and never the admin\'s own', async () => {
    const calls = fakeServer();
    act(() => setSessionUser(person('ada', 'admin', 'Ada')));
    show(<AdminUsersPage />, '/dashboard/users');
    const bruno = await screen.findByLabelText('Rôle de Bruno');
    expect((screen.getByLabelText('Rôle d’Ada') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(bruno, { target: { value: 'agent' } });
    expect(screen.getByRole('group').textContent).toContain('Donner le rôle «\u00a0Conseiller\u00a0» à Bruno');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Confirmer'));
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect((screen.getByLabelText('Rôle de Bruno') as HTMLSelectElement).value).toBe('client');
    expect(calls).toEqual(['GET /api/admin/users']);
    fireEvent.change(screen.getByLabelText('Rôle de Bruno'), { target: { value: 'agent' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    await screen.findByText('Bruno est maintenant conseiller.');
    expect(calls).toContain('PUT /api/admin/users/bruno/role {"role":"agent"}');
    fireEvent.click(screen.getByRole('button', { name: 'Désactiver Bruno' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    await screen.findByText('Le compte de Bruno est désactivé.');
    expect(calls).toContain('PUT /api/admin/users/bruno/status {"status":"disabled"}');
  });

  it('names an account without a name by its e-mail, never « x »', async () => {
    fakeServer();
    act(() => setSessionUser(person('ada', 'admin', 'Ada')));
    show(<AdminUsersPage />, '/dashboard/users');
    await screen.findByLabelText('Rôle de x@exemple.fr');
    expect(screen.getByRole('table').textContent).not.toMatch(/(^|[^@\w])x([^@\w]|$)/);
  });

  it('searches on the server, by name or e-mail, and says how many match', async () => {
    const calls = fakeServer();
    act(() => setSessionUser(person('ada', 'admin', 'Ada')));
    show(<AdminUsersPage />, '/dashboard/users');
    await screen.findByText('3 comptes.');
    fireEvent.change(screen.getByLabelText('Rechercher un compte'), { target: { value: 'BRU' } });
    // The matcher reads non-breaking spaces as spaces; the search waits 250 ms after the last key.
    await screen.findByText('1 compte correspond à « BRU ».', undefined, { timeout: 3000 });
    expect(calls).toContain('GET /api/admin/users?q=BRU');
    expect(screen.queryByLabelText('Rôle d’Ada')).toBeNull();
    fireEvent.change(screen.getByLabelText('Rechercher un compte'), { target: { value: 'personne' } });
    await screen.findByText('Aucun compte ne correspond à « personne ».', undefined, { timeout: 3000 });
    expect(screen.queryByRole('table')).toBeNull();
  }, 15000);

  it('creates an account with a role, the errors next to their field', async () => {
    const calls = fakeServer();
    act(() => setSessionUser(person('ada', 'admin', 'Ada')));
    show(<AdminUsersPage />, '/dashboard/users');
    await screen.findByText('3 comptes.');
    const open = screen.getByRole('button', { name: 'Créer un compte' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    const email = screen.getByLabelText('Adresse e-mail') as HTMLInputElement;
    const submit = screen.getByRole('button', { name: 'Créer le compte' });
    // Nothing typed: said at once, no request.
    fireEvent.click(submit);
    const described = () => document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent;
    await waitFor(() => expect(described()).toBe('Saisissez l’adresse e-mail du compte.'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    // The server's refusals, next to the field they name.
    fireEvent.change(email, { target: { value: 'pas-une-adresse' } });
    fireEvent.click(submit);
    await waitFor(() => expect(described()).toBe('Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.'));
    fireEvent.change(email, { target: { value: 'bruno@exemple.fr' } });
    fireEvent.click(submit);
    await waitFor(() => expect(described()).toBe('Un compte existe déjà avec cette adresse e-mail.'));
    // A new agent.
    fireEvent.change(email, { target: { value: 'lea@exemple.fr' } });
    fireEvent.change(screen.getByLabelText('Nom affiché (facultatif)'), { target: { value: 'Léa Martin' } });
    expect((screen.getByLabelText('Rôle') as HTMLSelectElement).value).toBe('agent');
    fireEvent.change(screen.getByLabelText('Rôle'), { target: { value: 'admin' } });
    fireEvent.click(submit);
    await screen.findByText(/Le compte Léa Martin \(lea@exemple\.fr\) est créé avec le rôle « Administrateur »\. Un e-mail lui est envoyé pour choisir son mot de passe/);
    expect(calls).toContain('POST /api/admin/users {"email":"lea@exemple.fr","displayName":"Léa Martin","role":"admin"}');
    expect(email.value).toBe('');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await screen.findByLabelText('Rôle de Léa Martin');
  }, 15000);

  it.each<[SessionUser['role'], string]>([
    ['agent', 'Cette page est réservée aux administrateurs du cabinet.'],
    ['client', 'Cette page est réservée aux administrateurs du cabinet.'],
  ])('says « Accès réservé » to a %s and asks nothing of the server', (role, text) => {
    const calls = fakeServer();
    act(() => setSessionUser(person('x', role, 'X')));
    show(<AdminUsersPage />, '/dashboard/users');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accès réservé');
    expect(screen.getByText(text)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('the request page', () => {
  it('says « Accès réservé » to a client', () => {
    const calls = fakeServer();
    act(() => setSessionUser(person('c', 'client', 'Claire')));
    show(<DeskRequestPage />, '/dashboard/requests/R1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accès réservé');
    expect(screen.getByText('Cette page est réservée aux conseillers et aux administrateurs du cabinet.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
