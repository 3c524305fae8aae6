import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import AdminMailsPage from './admin-mails';
import AdminMailPage from './admin-mail';
import { RequestMails } from '../features/mails/request-mails';
import { setSessionUser, type SessionUser } from '../lib/session';
import type { OutboxMail } from '../features/mails/api';

const person = (uid: string, role: SessionUser['role']): SessionUser => ({
  uid, email: `${uid}@exemple.fr`, displayName: uid, role, status: 'active', emailConfirmed: true, twoFactor: true, createdAt: '2026-03-01T09:00:00.000Z', updatedAt: '2026-03-01T09:00:00.000Z',
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const mail = (id: number, status: OutboxMail['status'], to: string, subject: string): OutboxMail => ({
  id, status, to, subject, messageId: `<courtier.x.${id}.0@exemple.fr>`, template: 'request-received-contact', aggregate: 'request:R1',
  from: 'Horizon Courtage <contact@exemple.fr>', attempts: status === 'pending' ? 0 : 1, nextAt: '2026-03-02T09:00:00Z',
  expiresAt: '2026-03-04T09:00:00Z', createdAt: '2026-03-02T09:00:00Z', ...(status === 'failed' ? { lastError: '550 5.1.1 Boîte inconnue' } : {}),
});

/** A fake server answering like pkg/web/mails.go: two mails, one failed. */
function fakeServer() {
  const mails = [mail(2, 'pending', 'paul@exemple.fr', 'Votre message MS-2026-000002 est bien reçu'),
    mail(1, 'failed', 'lea@exemple.fr', 'Votre message MS-2026-000001 est bien reçu')];
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const counts = { pending: mails.filter((m) => m.status === 'pending').length, sent: 0, failed: mails.filter((m) => m.status === 'failed').length };
    const list = /^\/api\/admin\/mails(\?status=(\w+))?$/.exec(url);
    if (method === 'GET' && list) return json(200, { mails: mails.filter((m) => !list[2] || m.status === list[2]), counts });
    if (method === 'GET' && url === '/api/desk/requests/R1/mails') return json(200, { mails: mails.map(({ text: _t, html: _h, ...m }) => m) });
    const one = /^\/api\/admin\/mails\/(\d+)(\/retry)?$/.exec(url);
    const m = mails.find((x) => x.id === Number(one?.[1]));
    if (!one || !m) return json(404, { error: "Le mail 9 n'existe pas.", code: 'not_found' });
    if (one[2]) {
      if (m.status !== 'failed') return json(409, { error: 'Seul un mail en échec peut être renvoyé.', code: 'conflict' });
      m.status = 'pending';
    }
    return json(200, { mail: { ...m, text: 'Bonjour Léa,\n\nNous avons bien reçu votre message.\n', html: '<p>Bonjour <b id="injected">Léa</b></p>' } });
  }));
  return calls;
}

function show(element: React.ReactNode, path: string) {
  const router = createMemoryRouter([{ path: '/dashboard/mails/:id', element }, { path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  act(() => setSessionUser(null));
  vi.unstubAllGlobals();
});

describe('the outbox page', () => {
  it('lists the mails with their counts, filters by state, and retries a failed mail only once confirmed', async () => {
    const calls = fakeServer();
    act(() => setSessionUser(person('ada', 'admin')));
    show(<AdminMailsPage />, '/dashboard/mails');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('non envoyé')).toBeTruthy();
    // The counts stay with their word (a no-break space; the queries normalise it).
    expect(screen.getByLabelText('Tous (2)')).toBeTruthy();
    expect(screen.getByLabelText('En échec (1)')).toBeTruthy();
    expect(screen.getByLabelText('Envoyés (0)')).toBeTruthy();
    // Only the failed mail has « Renvoyer ».
    expect(screen.getAllByRole('button', { name: /Renvoyer/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Renvoyer le courriel n°\u00a01']);

    fireEvent.click(screen.getByLabelText('En échec (1)'));
    await waitFor(() => expect(calls).toContain('GET /api/admin/mails?status=failed'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le courriel n°\u00a01' }));
    expect(screen.getByRole('group', { name: /Renvoyer le courriel n°\u00a01/ }).textContent).toContain('lea@exemple.fr');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Confirmer'));
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le courriel n°\u00a01' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    // The queries take a no-break space for a space: the text has n°\u00a01.
    await screen.findByText("Le courriel n° 1 est remis en file d’envoi.");
    expect(calls).toContain('POST /api/admin/mails/1/retry');
    // The list is read again: nothing is failed any more.
    await screen.findByText("Aucun courriel « en échec ».");
  });

  it('opens a mail: its facts and its text in a <pre>, never its HTML', async () => {
    fakeServer();
    act(() => setSessionUser(person('ada', 'admin')));
    show(<AdminMailPage />, '/dashboard/mails/1');
    expect((await screen.findByRole('heading', { level: 1, name: /^Courriel n°.1$/ })).textContent).toBe('Courriel n°\u00a01');
    expect(screen.getByText('550 5.1.1 Boîte inconnue')).toBeTruthy();
    const pre = document.querySelector('pre.mail-text');
    expect(pre?.textContent).toBe('Bonjour Léa,\n\nNous avons bien reçu votre message.\n');
    // The HTML part is never put in the page.
    expect(document.getElementById('injected')).toBeNull();
    expect(document.body.innerHTML).not.toContain('injected');
    expect(screen.getByRole('link', { name: 'Ouvrir la demande' }).getAttribute('href')).toBe('/dashboard/requests/R1');
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    await screen.findByText("Le courriel est remis en file d’envoi.");
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Renvoyer' })).toBeNull());
  });

  it('says « Courriel introuvable » for an unknown mail', async () => {
    fakeServer();
    act(() => setSessionUser(person('ada', 'admin')));
    show(<AdminMailPage />, '/dashboard/mails/9');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Courriel introuvable'));
    expect(screen.getByRole('alert').textContent).toBe("Le mail 9\u00a0n'existe pas.");
  });

  it.each<SessionUser['role']>(['agent', 'client'])('says « Accès réservé » to a %s and asks nothing of the server', (role) => {
    const calls = fakeServer();
    act(() => setSessionUser(person('x', role)));
    show(<AdminMailsPage />, '/dashboard/mails');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accès réservé');
    expect(calls).toEqual([]);
  });
});

describe('the mails of a request', () => {
  it.each([[true, 2], [false, 0]])('lists them with their state (admin %s: %i links)', async (admin, links) => {
    fakeServer();
    show(<RequestMails id="R1" version={0} admin={admin} />, '/dashboard/requests/R1');
    const section = await screen.findByRole('region', { name: 'Courriels envoyés au client' });
    await within(section).findByText('Votre message MS-2026-000002 est bien reçu');
    expect(within(section).getByText('en échec')).toBeTruthy();
    expect(within(section).getByText('non envoyé')).toBeTruthy();
    expect(within(section).queryAllByRole('link')).toHaveLength(links);
  });
});
