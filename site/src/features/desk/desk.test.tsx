import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { queueQuery } from './api';
import { DueCell, dueState } from './due';
import { KindSection } from './kind-section';
import { kindPanels } from './kinds';
import { QueueSection } from './queue';
import { RequestNotes } from './request-notes';
import { RequestTracking } from './request-tracking';
import type { DeskCan, DeskDetail, DeskRequest } from './types';

const base: DeskRequest = {
  id: 'R1', kind: 'quote', kindLabel: 'Devis', ref: 'DV-2026-000001', client: true, name: 'Éléonore Dupont', email: 'eleonore@exemple.fr',
  phone: '0639981234', product: 'car', summary: 'Assurance auto et moto', status: 'received', statusLabel: 'Nouvelle', clientStatusLabel: 'Reçue',
  waiting: true, assignee: null, dueAt: '2026-03-10T14:00:00.000Z', overdue: false, dueToday: true,
  createdAt: '2026-03-09T14:00:00.000Z', updatedAt: '2026-03-09T14:00:00.000Z',
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server: route → answer; every call is recorded. */
function fakeServer(routes: Record<string, (body: unknown) => Response | Promise<Response>>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push(key);
    const answer = routes[key];
    return answer ? answer(init?.body ? JSON.parse(init.body as string) : undefined) : json(404, { error: "Ce point d'accès de l'API n'existe pas.", code: 'not_found' });
  }));
  return calls;
}

function inRouter(element: React.ReactNode, at = '/dashboard') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('queueQuery', () => {
  it.each([
    [{}, ''],
    [{ kind: 'quote', assignee: 'me' }, '?kind=quote&assignee=me'],
    [{ q: '  06 39 ', product: '' }, '?q=06+39'],
    [{ q: 'a&b=c' }, '?q=a%26b%3Dc'],
    [{ due: 'overdue', kind: 'contact' }, '?kind=contact&due=overdue'],
  ])('%j is %s', (f, want) => expect(queueQuery(f)).toBe(want));
});

describe('deadlines', () => {
  it.each([
    [{}, 'today'],
    [{ overdue: true, dueToday: false }, 'overdue'],
    [{ dueToday: false }, 'later'],
    [{ dueAt: '' }, 'none'],
    [{ waiting: false, status: 'offered' }, 'client'],
    [{ waiting: false, status: 'closed' }, 'none'],
  ])('%j is %s', (change, want) => expect(dueState({ ...base, ...change })).toBe(want));

  it('says late and due today in words, not only in colour', () => {
    const now = Date.parse('2026-03-10T16:00:00.000Z');
    const late = render(<DueCell request={{ ...base, overdue: true, dueToday: false }} now={now} />);
    // The number stays with its unit (U+00A0); the time is Paris's.
    expect(late.container.textContent).toBe('En retardil y a 2\u00a0h10\u00a0mars 2026, 15:00');
    cleanup();
    const today = render(<DueCell request={base} now={Date.parse('2026-03-10T11:00:00.000Z')} />);
    expect(today.container.textContent).toBe('Aujourd’huidans 3\u00a0h10\u00a0mars 2026, 15:00');
  });
});

describe('QueueSection', () => {
  it('lists the queue, keeps the filters in the address, and tells an empty result', async () => {
    const calls = fakeServer({
      'GET /api/desk/requests': () => json(200, { requests: [base, { ...base, id: 'R2', ref: 'DV-2026-000002', name: 'Bruno', assignee: { uid: 'me', name: 'Alain' } }], kinds: [{ kind: 'quote', label: 'Devis', statuses: [{ status: 'received', label: 'Nouvelle' }] }] }),
      'GET /api/desk/requests?assignee=none': () => json(200, { requests: [], kinds: [] }),
    });
    const router = inRouter(<QueueSection me="me" />);
    await screen.findByText('DV-2026-000002');
    expect(screen.getByRole('status').textContent).toBe('2\u00a0demandes, échéance la plus proche en premier');
    expect(screen.getByText('Moi', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('Personne')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'DV-2026-000001' }).getAttribute('href')).toBe('/dashboard/requests/R1');
    fireEvent.click(screen.getByRole('radio', { name: 'Non attribuées' }));
    await screen.findByText('Aucune demande ne correspond à ces filtres.');
    expect(router.state.location.search).toBe('?assignee=none');
    expect(calls).toEqual(['GET /api/desk/requests', 'GET /api/desk/requests?assignee=none']);
  });

  it('never lets an older filter\'s late answer replace the newer list', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    fakeServer({
      'GET /api/desk/requests': async () => { await held; return json(200, { requests: [base], kinds: [] }); },
      'GET /api/desk/requests?assignee=none': () => json(200, { requests: [], kinds: [] }),
    });
    inRouter(<QueueSection me="me" />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Non attribuées' }));
    await screen.findByText('Aucune demande ne correspond à ces filtres.');
    release();
    await held;
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('DV-2026-000001')).toBeNull();
    expect(screen.getByText('Aucune demande ne correspond à ces filtres.')).toBeTruthy();
  });

  it('shows the server\'s message for a filter it refuses, with a way out', async () => {
    fakeServer({ 'GET /api/desk/requests?kind=bateau': () => json(400, { error: 'Type de demande inconnu.', code: 'invalid', field: 'kind' }) });
    inRouter(<QueueSection me="me" />, '/dashboard?kind=bateau');
    expect((await screen.findByRole('alert')).textContent).toContain('Type de demande inconnu.');
    expect(screen.getByRole('button', { name: 'Effacer les filtres' })).toBeTruthy();
  });
});

function detail(can: Partial<DeskCan>, request: Partial<DeskRequest> = {}): DeskDetail {
  return {
    request: { ...base, ...request }, history: [], notes: [], replies: [],
    moves: [{ status: 'in_review', label: "En cours d'étude" }, { status: 'closed', label: 'Clôturée' }],
    can: { take: false, release: false, assign: false, work: false, note: true, ...can },
  };
}

describe('RequestTracking', () => {
  const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);
  it.each<[string, Partial<DeskCan>, Partial<DeskRequest>, string[], boolean]>([
    ['an agent on a free request: take only', { take: true }, {}, ['Prendre en charge'], false],
    ['its agent: release, hand on, move', { release: true, assign: true, work: true }, { assignee: { uid: 'me', name: 'Alain' } }, ['Remettre dans la file', 'Confier', 'Appliquer'], true],
    ['another agent: nothing but notes', {}, { assignee: { uid: 'x', name: 'Berthe' } }, [], false],
  ])('%s', async (_, can, request, want, canMove) => {
    fakeServer({ 'GET /api/desk/staff': () => json(200, { staff: [{ uid: 'me', name: 'Alain' }, { uid: 'ada', name: 'Ada' }] }) });
    render(<RequestTracking detail={detail(can, request)} me="me" onChange={() => {}} />);
    if (can.assign) await screen.findByRole('option', { name: 'Ada' });
    expect(buttons()).toEqual(want);
    expect(screen.queryByLabelText('Changer le statut') !== null).toBe(canMove);
  });

  it('takes the request, then reloads; a refusal is said in French', async () => {
    let status = 200;
    const calls = fakeServer({
      'POST /api/desk/requests/R1/take': () => (status === 200 ? json(200, { request: base }) : json(409, { error: 'Berthe suit déjà cette demande.', code: 'conflict' })),
    });
    const onChange = vi.fn();
    render(<RequestTracking detail={detail({ take: true })} me="me" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Prendre en charge' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    status = 409;
    fireEvent.click(screen.getByRole('button', { name: 'Prendre en charge' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Berthe suit déjà cette demande.');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['POST /api/desk/requests/R1/take', 'POST /api/desk/requests/R1/take']);
  });
});

describe('KindSection', () => {
  afterEach(() => { delete kindPanels.quote; });

  it('renders the kind\'s panels with its detail', async () => {
    kindPanels.quote = {
      Details: ({ detail }) => <p>Détails {(detail as { n: number }).n}</p>,
      Actions: ({ request }) => <button type="button">Envoyer des offres pour {request.ref}</button>,
    };
    fakeServer({ 'GET /api/desk/requests/R1/quote': () => json(200, { n: 2 }) });
    render(<KindSection request={base} version={0} onChange={() => {}} />);
    expect(await screen.findByText('Détails 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Envoyer des offres pour DV-2026-000001' })).toBeTruthy();
  });

  it('shows nothing while the kind has no endpoint (404), and nothing without a panel', async () => {
    kindPanels.quote = { Details: () => <p>Détails</p>, Actions: () => null };
    const calls = fakeServer({});
    const { container } = render(<KindSection request={base} version={0} onChange={() => {}} />);
    await waitFor(() => expect(calls).toEqual(['GET /api/desk/requests/R1/quote']));
    await waitFor(() => expect(container.textContent).toBe(''));
    cleanup();
    const contactPanel = kindPanels.contact;
    delete kindPanels.contact; // every kind has its panel now: take one away
    render(<KindSection request={{ ...base, kind: 'contact' }} version={0} onChange={() => {}} />);
    expect(calls).toHaveLength(1);
    kindPanels.contact = contactPanel;
  });

  it('shows the lines of a kind the site has no panel for, and calls nothing', () => {
    const calls = fakeServer({});
    const memo = { ...base, kind: 'memo', kindLabel: 'Mémo', ref: 'MM-2026-000001' };
    render(<KindSection request={memo} lines={[{ label: 'Texte', value: 'Rappeler la franchise' }, { label: 'Suite', value: '' }]} version={0} onChange={() => {}} />);
    const section = screen.getByRole('region', { name: 'Mémo' });
    expect(section.textContent).toBe('TexteRappeler la franchiseSuite—');
    expect(calls).toEqual([]);
  });
});

describe('RequestNotes', () => {
  it('adds a note, and keeps what was typed while it left', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    const calls = fakeServer({ 'POST /api/desk/requests/R1/notes': async () => { await held; return json(201, {}); } });
    const onChange = vi.fn();
    render(<RequestNotes id="R1" notes={[]} canAdd onChange={onChange} />);
    const box = screen.getByLabelText('Nouvelle note') as HTMLTextAreaElement;
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter la note' }));
    expect(screen.getByRole('alert').textContent).toBe('Écrivez la note.');
    fireEvent.change(box, { target: { value: 'Client joint, rappel lundi.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter la note' }));
    fireEvent.change(box, { target: { value: 'Client joint, rappel lundi. Puis' } });
    release();
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(calls).toEqual(['POST /api/desk/requests/R1/notes']);
    expect(box.value).toBe('Client joint, rappel lundi. Puis');
  });
});
