import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Navbar } from './navbar';
import { setSessionUser } from '../lib/session';
import { company } from '../lib/company';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Navbar /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

describe('Navbar', () => {
  it('lists the links of SPEC.md §2 and marks the active one', () => {
    setSessionUser(null);
    renderAt('/blog');
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    const labels = Array.from(nav.querySelectorAll('.nav-links a')).map((a) => a.textContent);
    expect(labels).toEqual(['Accueil', 'Services', 'Assurances', 'Blog', 'Actualités', 'Carrières', 'À propos', 'Contact']);
    expect(screen.getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Accueil' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: /Appelez-nous/ }).getAttribute('href')).toBe(`tel:${company.phoneInternational}`);
    expect(screen.getByRole('link', { name: 'Connexion' }).getAttribute('href')).toBe('/login');
  });

  it('opens and closes the mobile menu, also with Escape', () => {
    setSessionUser(null);
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const close = screen.getByRole('button', { name: 'Fermer le menu' });
    expect(close.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Ouvrir le menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the account dropdown with the display name, or else the e-mail', async () => {
    const user = { uid: 'u1', email: 'anne@exemple.fr', displayName: '', role: 'client' as const, status: 'active', emailConfirmed: true, twoFactor: true, createdAt: '', updatedAt: '' };
    act(() => setSessionUser(user));
    renderAt('/');
    expect(screen.queryByRole('link', { name: 'Connexion' })).toBeNull();
    // The menu is an island: its code comes once the page is idle.
    const button = await screen.findByRole('button', { name: /anne@exemple\.fr/ });
    fireEvent.click(button);
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Profil', 'Tableau de bord', 'Mes devis', 'Mes contrats', 'Mes sinistres', 'Déconnexion']);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    cleanup();
    act(() => setSessionUser({ ...user, displayName: 'Anne Martin' }));
    renderAt('/');
    expect(await screen.findByRole('button', { name: /Anne Martin/ })).toBeTruthy();
  });

});
