import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AccountSessions } from './account-sessions';
import { endedMessage, type AccountSession } from './sessions';

const good = 'une longue phrase de passe';

function session(id: string, device: string, current = false): AccountSession {
  return { id, device, userAgent: '', createdAt: '2026-11-01T08:05:00.000Z', lastSeenAt: '2026-11-22T13:05:00.000Z', current };
}

/** A fake server holding three sessions, answering like pkg/web/sessions.go. */
function fakeServer() {
  let sessions = [session('a'.repeat(32), 'Chrome sur Windows', true), session('b'.repeat(32), 'Safari sur iPhone'), session('c'.repeat(32), 'Firefox sur Linux')];
  const calls: { method: string; url: string; body?: { password?: string } }[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(init.body as string) : undefined;
    calls.push({ method, url, body });
    if (method === 'GET') return json(200, { sessions });
    if (body?.password !== good) return json(400, { error: 'Mot de passe incorrect.', code: 'invalid', field: 'password' });
    const before = sessions.length;
    if (method === 'DELETE') {
      const id = url.split('/').pop();
      if (!sessions.some((s) => s.id === id)) return json(404, { error: "Cette session n'existe pas ou est déjà terminée.", code: 'not_found' });
      sessions = sessions.filter((s) => s.id !== id);
    } else {
      sessions = sessions.filter((s) => s.current);
    }
    return json(200, { sessions, ended: before - sessions.length });
  }));
  return { calls, endElsewhere: (id: string) => { sessions = sessions.filter((s) => s.id !== id); } };
}

function renderSessions() {
  const router = createMemoryRouter([{ path: '*', element: <AccountSessions reloadKey={0} /> }], { initialEntries: ['/profile'] });
  render(<RouterProvider router={router} />);
  return router;
}

const items = () => screen.getAllByRole('listitem').map((li) => li.querySelector('.session-device')?.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AccountSessions', () => {
  it('lists the devices with their French dates and marks this session', async () => {
    fakeServer();
    renderSessions();
    await screen.findByText('Safari sur iPhone');
    expect(items()).toEqual(['Chrome sur WindowsCette session', 'Safari sur iPhone', 'Firefox sur Linux']);
    const current = screen.getByText('Cette session').closest('li') as HTMLElement;
    expect(within(current).queryByRole('button')).toBeNull();
    expect(current.textContent).toContain('Première connexion1er\u00a0novembre 2026\u00a0à\u00a009:05');
    expect(current.textContent).toContain('Dernière activité22\u00a0novembre 2026\u00a0à\u00a014:05');
    expect(screen.getByRole('button', { name: /^Déconnecter la session «.Safari sur iPhone.»$/ })).toBeTruthy();
  });

  it('ends one session after the password, with the errors in French', async () => {
    const { calls } = fakeServer();
    renderSessions();
    const end = await screen.findByRole('button', { name: /Déconnecter la session «.Safari sur iPhone.»/ });
    fireEvent.click(end);
    expect(end.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('form').querySelector('.session-confirm-title')?.textContent).toBe('Déconnecter la session «\u00a0Safari sur iPhone\u00a0»\u00a0?');
    const password = screen.getByLabelText('Mot de passe');
    expect(document.activeElement).toBe(password);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer la déconnexion' }));
    expect(screen.getByText('Saisissez votre mot de passe pour confirmer.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.change(password, { target: { value: 'pas le bon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer la déconnexion' }));
    await screen.findByText('Mot de passe incorrect.');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(password, { target: { value: good } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer la déconnexion' }));
    await screen.findByText('La session « Safari sur iPhone » a été déconnectée.');
    expect(screen.getByRole('status').textContent).toBe('La session «\u00a0Safari sur iPhone\u00a0» a été déconnectée.');
    expect(items()).toEqual(['Chrome sur WindowsCette session', 'Firefox sur Linux']);
    expect(calls.at(-1)).toEqual({ method: 'DELETE', url: `/api/profile/sessions/${'b'.repeat(32)}`, body: { password: good } });
    expect(document.activeElement?.textContent).toBe('Mes sessions');
  });

  it('cancels with Escape and gives the focus back to the button', async () => {
    fakeServer();
    renderSessions();
    const end = await screen.findByRole('button', { name: /Firefox sur Linux/ });
    end.focus();
    fireEvent.click(end);
    fireEvent.keyDown(screen.getByLabelText('Mot de passe'), { key: 'Escape' });
    expect(screen.queryByLabelText('Mot de passe')).toBeNull();
    expect(document.activeElement).toBe(end);
    expect(end.getAttribute('aria-expanded')).toBe('false');
  });

  it('ends all the other sessions', async () => {
    const { calls } = fakeServer();
    renderSessions();
    fireEvent.click(await screen.findByRole('button', { name: 'Déconnecter toutes les autres sessions' }));
    expect(screen.getByRole('form').querySelector('.session-confirm-title')?.textContent).toBe('Déconnecter vos 2 autres sessions\u00a0?');
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: good } });
    fireEvent.click(screen.getByRole('button', { name: 'Tout déconnecter' }));
    await screen.findByText('2 sessions ont été déconnectées.');
    expect(items()).toEqual(['Chrome sur WindowsCette session']);
    expect(screen.queryByRole('button', { name: 'Déconnecter toutes les autres sessions' })).toBeNull();
    expect(screen.getByText("Aucune autre session n’est ouverte.")).toBeTruthy();
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/profile/sessions/sign-out-others', body: { password: good } });
  });

  it('says so when the session already ended elsewhere, and shows the list as it is', async () => {
    const server = fakeServer();
    renderSessions();
    fireEvent.click(await screen.findByRole('button', { name: /Safari sur iPhone/ }));
    server.endElsewhere('b'.repeat(32));
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: good } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer la déconnexion' }));
    await screen.findByText("Cette session n'existe pas ou est déjà terminée.");
    await waitFor(() => expect(items()).toEqual(['Chrome sur WindowsCette session', 'Firefox sur Linux']));
  });

  it('sends a signed-out browser to the sign-in page', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'Vous devez être connecté.', code: 'unauthorized' }), { status: 401 })));
    const router = renderSessions();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fprofile');
  });

  it('offers to retry when the list cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('réseau coupé'); }));
    renderSessions();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Vos sessions n’ont pas pu être chargées. Le serveur est injoignable.");
    fakeServer();
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await screen.findByText('Safari sur iPhone');
  });
});

describe('endedMessage', () => {
  it.each([[0, "Aucune autre session n’était ouverte."], [1, '1\u00a0session a été déconnectée.'], [3, '3 sessions ont été déconnectées.']])('%i', (n, want) => {
    expect(endedMessage(n)).toBe(want);
  });
});
