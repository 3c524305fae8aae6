import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Layout } from './layout';
import { StaffFrame } from './staff-frame';
import { isStaffPage } from './staff-frame-loader';
import { setSessionUser, type SessionUser } from '../lib/session';

const person = (role: SessionUser['role'], twoFactor = true, displayName = 'Ada Lefèvre'): SessionUser => ({
  uid: 'u1', email: 'ada@exemple.fr', displayName, role, status: 'active', emailConfirmed: true, twoFactor, createdAt: '2026-03-01T09:00:00.000Z', updatedAt: '2026-03-01T09:00:00.000Z',
});

function frame(user: SessionUser, path: string) {
  const router = createMemoryRouter([{ path: '*', element: <StaffFrame user={user}><main id="contenu"><h1>Page</h1></main></StaffFrame> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  act(() => setSessionUser(null));
});

describe('isStaffPage', () => {
  it.each<[SessionUser['role'] | null, string, boolean]>([
    ['admin', '/dashboard', true],
    ['agent', '/dashboard/requests/R1', true],
    ['agent', '/dashboard/users', true],
    ['client', '/dashboard', false],
    ['client', '/dashboard/users', false],
    ['agent', '/profile', false],
    ['agent', '/dashboards', false],
    [null, '/dashboard', false],
  ])('%s on %s: %s', (role, path, want) => expect(isStaffPage(role ? person(role) : null, path)).toBe(want));
});

describe('the staff frame', () => {
  it('gives an admin every desk, the current one marked, and no sales menu nor chat', () => {
    frame(person('admin'), '/dashboard/requests/R1');
    const nav = screen.getByRole('navigation', { name: 'Espace de travail' });
    const links = within(nav).getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(['Tableau de bord', 'Contrats', 'Conversations', 'Réponses types', 'Utilisateurs', 'Courriels']);
    expect(within(nav).getByRole('link', { name: 'Tableau de bord' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('link', { name: 'Carrières' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Blog' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Aller au contenu' }).getAttribute('href')).toBe('#contenu');
    expect(screen.getByRole('button', { name: 'Thème sombre' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Résilier votre contrat' })).toBeTruthy();
  });

  it('gives an agent the desks without the admin\'s', () => {
    frame(person('agent'), '/dashboard/users');
    const nav = screen.getByRole('navigation', { name: 'Espace de travail' });
    expect(within(nav).queryByRole('link', { name: 'Utilisateurs' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Courriels' })).toBeNull();
    expect(within(nav).getAllByRole('link')).toHaveLength(4);
  });

  it('offers no desk before the second factor, and names a nameless account by its e-mail', () => {
    frame(person('agent', false, 'ada'), '/dashboard');
    expect(screen.queryByRole('navigation', { name: 'Espace de travail' })).toBeNull();
    expect(screen.getByRole('button', { name: /ada@exemple\.fr/ })).toBeTruthy();
  });

  it('folds the desks behind a button that Escape closes', () => {
    frame(person('admin'), '/dashboard');
    const toggle = screen.getByRole('button', { name: 'Ouvrir le menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Espace de travail' }).className).toContain('staff-nav-open');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the layout', () => {
  it('frames a staff page with the staff frame, decided by role', async () => {
    act(() => setSessionUser(person('agent')));
    const router = createMemoryRouter([{ element: <Layout />, children: [{ path: '*', element: <h1>Tableau de bord</h1> }] }], { initialEntries: ['/dashboard'] });
    render(<RouterProvider router={router} />);
    await screen.findByRole('navigation', { name: 'Espace de travail' });
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull();
    expect(screen.getByRole('main').id).toBe('contenu');
  });
});
