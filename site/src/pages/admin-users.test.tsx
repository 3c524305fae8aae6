import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import AdminUsersPage from './admin-users';
import DeskRequestPage from './desk-request';
import { setSessionUser, type SessionUser } from '../lib/session';
import type { ListedUser } from '../lib/admin-users';

const person = (uid: string, role: SessionUser['role'], name: string): SessionUser => ({
  uid, email: `${uid}@exemple.fr`, displayName: name, role, status: 'active', emailConfirmed: true, twoFactor: true, createdAt: '2026-03-01T09:00:00.000Z', updatedAt: '2026-03-01T09:00:00.000Z',
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server with three accounts, answering like pkg/web/admin.go. */
function fakeServer() {
  const users: ListedUser[] = [
    { uid: 'ada', email: 'ada@exemple.fr', displayName: 'Ada', role: 'admin', status: 'active', createdAt: '2026-03-01T09:00:00.000Z', lastSeenAt: '' },
    { uid: 'bruno', email: 'bruno@exemple.fr', displayName: 'Bruno', role: 'client', status: 'active', createdAt: '2026-03-02T09:00:00.000Z', lastSeenAt: '' },
  ];
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}${init?.body ? ` ${String(init.body)}` : ''}`);
    if (method === 'GET' && url === '/api/admin/users') return json(200, { users });
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
    expect((screen.getByLabelText('Rôle de Ada') as HTMLSelectElement).disabled).toBe(true);
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
