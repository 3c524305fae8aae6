import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { InboxView } from './inbox';
import type { Inbox } from './types';

const now = Date.parse('2026-03-10T10:00:00.000Z');

const inbox: Inbox = {
  away: false,
  available: true,
  waiting: [
    { id: 'w1', state: 'waiting', who: { name: '' }, product: 'car', waitingSince: '2026-03-10T09:57:00.000Z', lastMessage: 'Je voudrais parler à un conseiller pour mon assurance auto, le devis en ligne ne prend pas mon véhicule de collection de 1972', lastAt: '2026-03-10T09:57:00.000Z', unread: 2 },
    { id: 'w2', state: 'waiting', who: { uid: 'u9', name: 'Éléonore Dupont', email: 'eleonore@exemple.fr' }, waitingSince: '2026-03-10T09:59:30.000Z', lastMessage: 'Bonjour', lastAt: '2026-03-10T09:59:30.000Z', unread: 0 },
  ],
  mine: [
    { id: 'm1', state: 'live', who: { name: 'Marc Petit' }, product: 'home', agent: { uid: 'julie', name: 'Julie Martin' }, lastMessage: 'Merci !', lastAt: '2026-03-10T09:55:00.000Z', unread: 1 },
  ],
  others: [
    { id: 'o1', state: 'live', who: { name: '' }, agent: { uid: 'paul', name: 'Paul Roux' }, lastMessage: 'Oui', lastAt: '2026-03-10T09:50:00.000Z', unread: 0 },
  ],
};

function show(admin: boolean, selected = '') {
  render(<MemoryRouter><InboxView inbox={inbox} admin={admin} selected={selected} now={now} /></MemoryRouter>);
}

function section(title: string): HTMLElement {
  return screen.getByRole('region', { name: new RegExp(`^${title}`) });
}

afterEach(cleanup);

describe('the inbox', () => {
  it('shows the three sections with their counts, and each item\'s who, product, message, time and unread count', () => {
    show(false, 'w2');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['En attente 2', 'Mes conversations 1', 'Autres conseillers 1']);
    const waiting = within(section('En attente')).getAllByRole('link');
    expect(waiting).toHaveLength(2);
    const first = waiting[0] as HTMLElement;
    expect(first.getAttribute('href')).toBe('/dashboard/conversations/w1');
    expect(first.textContent).toContain('Visiteur');
    expect(first.textContent).toContain('Assurance auto');
    expect(first.textContent).toContain('depuis 3\u00a0min');
    expect(first.textContent).toContain('2\u00a0messages non lus');
    expect(first.textContent).toContain('…');
    expect(first.textContent).not.toContain('1972');
    const second = waiting[1] as HTMLElement;
    expect(second.textContent).toContain('Éléonore Dupont');
    expect(second.textContent).toContain('depuis moins d’une minute');
    expect(second.textContent).not.toContain('non lu');
    expect(second.getAttribute('aria-current')).toBe('page');
    const mine = within(section('Mes conversations')).getByRole('link');
    expect(mine.textContent).toContain('Marc Petit');
    expect(mine.textContent).toContain('1\u00a0message non lu');
    expect(mine.textContent).toContain('il y a 5\u00a0min');
  });

  it('lists the other agents\' conversations for an agent, without a way to open them', () => {
    show(false);
    const others = section('Autres conseillers');
    expect(within(others).queryByRole('link')).toBeNull();
    expect(others.textContent).toContain('Visiteur');
    expect(others.textContent).toContain('Paul Roux');
    expect(others.textContent).toContain('Pour information\u00a0: seul le conseiller qui suit une conversation peut l’ouvrir.');
  });

  it('lets an admin open the other agents\' conversations', () => {
    show(true);
    const others = section('Autres conseillers');
    expect(within(others).getByRole('link').getAttribute('href')).toBe('/dashboard/conversations/o1');
    expect(others.textContent).not.toContain('Pour information');
  });

  it('follows the server\'s `readable` over the role', () => {
    const withFlags: Inbox = { ...inbox, waiting: inbox.waiting.map((i) => ({ ...i, readable: true })), others: inbox.others.map((i) => ({ ...i, readable: false })) };
    render(<MemoryRouter><InboxView inbox={withFlags} admin selected="" now={now} /></MemoryRouter>);
    expect(within(section('Autres conseillers')).queryByRole('link')).toBeNull();
    expect(within(section('En attente')).getAllByRole('link')).toHaveLength(2);
  });

  it('says so when a section is empty', () => {
    render(<MemoryRouter><InboxView inbox={{ ...inbox, waiting: [], mine: [], others: [] }} admin={false} selected="" now={now} /></MemoryRouter>);
    expect(screen.getByText('Personne n’attend de conseiller.')).toBeTruthy();
    expect(screen.getByText('Aucune conversation en cours.')).toBeTruthy();
    expect(screen.getByText('Aucune conversation chez un autre conseiller.')).toBeTruthy();
  });

  it.each([
    ['empty', { waiting: [], mine: [], others: [] }, 1],
    ['down to another agent\'s conversation', { waiting: [], mine: [] }, 0],
    ['full', {}, 0],
  ] as [string, Partial<Inbox>, number][])('draws the empty inbox\'s illustration, hidden from screen readers, when the inbox is %s', (_, lists, count) => {
    const { container } = render(<MemoryRouter><InboxView inbox={{ ...inbox, ...lists }} admin={false} selected="" now={now} /></MemoryRouter>);
    const drawn = container.querySelectorAll('svg.lc-empty-illustration');
    expect(drawn).toHaveLength(count);
    for (const svg of drawn) {
      expect(svg.getAttribute('aria-hidden')).toBe('true');
      expect(svg.querySelector('use')?.getAttribute('href')).toBe('/illustrations.svg#empty-conversations');
    }
  });
});
