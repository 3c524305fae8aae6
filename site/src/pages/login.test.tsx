import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setSessionUser } from '../lib/session';
import LoginPage from './login';

let calls: { url: string; body: unknown }[] = [];
const answers = new Map<string, () => Response>();

beforeEach(() => {
  calls = [];
  answers.clear();
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.get(url);
    return answer ? answer() : new Response('{}', { status: 404 });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setSessionUser(null));
});

const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status });

function fill(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('LoginPage with a second factor', () => {
  function renderLogin() {
    const router = createMemoryRouter([
      { path: '/login', Component: LoginPage },
      { path: '/dashboard', element: <h1>Tableau de bord</h1> },
    ], { initialEntries: ['/login'] });
    render(<RouterProvider router={router} />);
    return router;
  }

  async function password() {
    fill('Adresse e-mail', 'bruno@exemple.fr');
    fill(/^Mot de passe/, 'une longue phrase de passe');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    return screen.findByLabelText(/Code de validation/);
  }

  it('asks the code after a right password, then signs in with it', async () => {
    answers.set('/api/auth/login', json({ secondFactor: { ticket: 'T1', expiresAt: '2026-11-27T10:05:00.000Z' } }));
    answers.set('/api/auth/login/code', json({ error: 'Code incorrect ou déjà utilisé.', field: 'code' }, 400));
    const router = renderLogin();
    const code = await password();
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Code incorrect ou déjà utilisé.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');

    answers.set('/api/auth/login/code', json({ user: { uid: 'u2', email: 'bruno@exemple.fr', displayName: 'Bruno', role: 'agent', status: 'active',
      emailConfirmed: true, twoFactor: true, createdAt: '', updatedAt: '' } }));
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.at(-1)).toEqual({ url: '/api/auth/login/code', body: { ticket: 'T1', code: '123 456' } });
  });

  it('goes back to the password when the ticket is over', async () => {
    answers.set('/api/auth/login', json({ secondFactor: { ticket: 'T1', expiresAt: '2026-11-27T10:05:00.000Z' } }));
    answers.set('/api/auth/login/code', json({ error: 'Cette connexion a expiré. Saisissez de nouveau votre mot de passe.' }, 401));
    renderLogin();
    fireEvent.change(await password(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Cette connexion a expiré');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
  });
});
