import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { company } from '../lib/company';
import { conformance, testEnvironment } from '../content/accessibility';
import { Footer } from '../components/footer';
import routeTable from '../../routes.json';
import pkg from '../../package.json';
import AccessibilityPage from './accessibility';

afterEach(cleanup);

const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

function renderPage() {
  return render(<MemoryRouter><AccessibilityPage /></MemoryRouter>);
}

describe('the accessibility statement', () => {
  it('states RGAA 4.1 « partiellement conforme », the reason, and its date', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Déclaration d’accessibilité');
    const text = norm(document.body.textContent);
    expect(conformance).toBe('partiellement conforme');
    expect(text).toContain('est partiellement conforme avec le référentiel général d’amélioration de l’accessibilité (RGAA), version 4.1');
    expect(text).toContain('Aucun audit complet des 106 critères');
    expect(text).not.toMatch(/est totalement conforme/);
    expect(text).toContain('établie le 7 décembre 2026');
  });

  it('names the known non-conformity of the PDFs and what is not yet checked', () => {
    renderPage();
    const section = document.getElementById('non-accessible') as HTMLElement;
    expect(norm(section.textContent)).toMatch(/documents PDF .* ne sont pas balisés/);
    expect(norm(section.textContent)).toContain('lecteurs d’écran');
  });

  it('gives the company’s contact from the profile and the contact page', () => {
    renderPage();
    const section = document.getElementById('signaler') as HTMLElement;
    expect(within(section).getByRole('link', { name: company.email }).getAttribute('href')).toBe(`mailto:${company.email}`);
    expect(within(section).getByRole('link', { name: company.phone }).getAttribute('href')).toBe(`tel:${company.phoneInternational}`);
    expect(within(section).getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact');
    expect(norm(section.textContent)).toContain(norm(company.address));
    expect(norm(section.textContent)).toContain('sous une autre forme');
  });

  it('names the three ways to the Défenseur des droits', () => {
    renderPage();
    const section = document.getElementById('recours') as HTMLElement;
    expect(within(section).getByRole('link', { name: 'formulaire.defenseurdesdroits.fr' }).getAttribute('href')).toBe('https://formulaire.defenseurdesdroits.fr/');
    expect(norm(section.textContent)).toContain('délégués');
    expect(norm(section.textContent)).toContain('Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07');
  });

  it('names the test tools in the versions site/package.json installs', () => {
    const minor = (range: string) => range.replace(/^[\^~]/, '').split('.').slice(0, 2).join('.');
    expect(testEnvironment.axe).toBe(minor(pkg.devDependencies['axe-core']));
    expect(testEnvironment.playwright).toBe(minor(pkg.devDependencies['playwright-core']));
  });

  it('is a public route, and the footer links to it with the level', () => {
    const entry = routeTable.routes.find((r: { path: string }) => r.path === '/accessibilite') as { page: string; protected?: boolean } | undefined;
    expect(entry?.page).toBe('accessibility');
    expect(entry?.protected).toBeUndefined();
    render(<MemoryRouter><Footer /></MemoryRouter>);
    const link = screen.getByRole('link', { name: new RegExp(`^Accessibilité\\s:\\s${conformance}$`) });
    expect(link.getAttribute('href')).toBe('/accessibilite');
  });
});
