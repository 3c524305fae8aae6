import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import ClaimPage from './claim';
import MyClaimsPage from './my-claims';
import type { Claim } from '../features/claims/api';

afterEach(cleanup);

const base: Claim = {
  id: 's1', ref: 'SN-2026-000007', status: 'pieces', statusLabel: 'En attente de pièces', contractId: 'k1', contractNumber: 'CT-2026-000001',
  insurer: 'Mutuelle Fictive', policyNumber: 'CT-2026-000001', product: 'car', productLabel: 'Auto', kind: 'collision', kindLabel: 'Accident ou accrochage',
  occurredAt: '2026-11-20', declareBy: '2026-11-27', declareRule: "5 jours ouvrés après le sinistre, ou après le jour où vous l'avez appris (article L113-2 du code des assurances)",
  declaredAt: '2026-11-28T09:00:00Z', late: true, description: 'Un accrochage au feu rouge, pare-chocs arrière enfoncé.',
  answers: [{ id: 'injured', label: 'Y a-t-il des blessés ?', value: 'no', text: 'Non' }],
  insurerRef: 'MF-889', asked: 'La photo du constat amiable, recto et verso.',
  files: [{ id: 'f1', name: 'arriere.jpg', mime: 'image/jpeg', size: 204800, at: '2026-11-28T09:01:00Z', fromStaff: false, url: '/api/claims/s1/files/f1' }],
  history: [
    { at: '2026-11-28T09:00:00Z', status: 'declared', label: 'Déclaré', text: '' },
    { at: '2026-11-28T10:00:00Z', status: 'pieces', label: 'En attente de pièces', text: 'La photo du constat amiable.' },
  ],
  messages: [{ id: 1, at: '2026-11-28T10:00:00Z', authorName: 'Julie, votre conseillère', fromClient: false, body: 'Bonjour, il nous manque le constat.' }],
  assistance: { insurer: 'Mutuelle Fictive', phone: '01 40 00 00 00' },
  actions: ['file', 'message'], updatedAt: '2026-11-28T10:00:00Z',
};

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function show(claim: Claim) {
  fetchMock.mockReturnValueOnce(answer(200, { claim }));
  render(
    <MemoryRouter initialEntries={['/mes-sinistres/s1']}>
      <Routes><Route path="/mes-sinistres/:id" element={<ClaimPage />} /></Routes>
    </MemoryRouter>,
  );
}

describe('ClaimPage', () => {
  it('shows the delay, the late note, the piece asked with its upload, the files, the thread and the assistance', async () => {
    show(base);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sinistre SN-2026-000007' })).toBeTruthy();
    const follow = screen.getByRole('region', { name: 'Suivi du dossier' });
    expect(follow.textContent).toContain('Délai légal de déclaration\u00a0: jusqu’au 27\u00a0novembre 2026');
    expect(follow.textContent).toContain(', soit 5\u00a0jours ouvrés après le sinistre');
    expect(follow.textContent).toContain('Déclaré hors délai.');
    expect(within(follow).getAllByRole('listitem').map((li) => li.querySelector('.claim-step-label')?.textContent)).toEqual(['Déclaré', 'En attente de pièces']);
    const asked = screen.getByRole('region', { name: 'Pièces demandées' });
    expect(asked.textContent).toContain('La photo du constat amiable, recto et verso.');
    expect(within(asked).getByLabelText('Envoyer les pièces demandées')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^arriere\.jpg/ }).getAttribute('href')).toBe('/api/claims/s1/files/f1');
    expect(screen.getByRole('link', { name: '01 40 00 00 00' }).getAttribute('href')).toBe('tel:0140000000');
    expect(screen.getByText('Bonjour, il nous manque le constat.')).toBeTruthy();
  });

  it('shows the amount when indemnified, the reason and the mediator when refused', async () => {
    show({ ...base, status: 'indemnified', statusLabel: 'Indemnisé', amountCents: 123456, late: false, actions: ['message'] });
    expect((await screen.findByRole('region', { name: 'Indemnisation' })).textContent).toContain('1\u202f234,56\u00a0€');
    expect(screen.queryByText(/hors délai/)).toBeNull();
    expect(screen.queryByLabelText(/Ajouter des photos/)).toBeNull();
    cleanup();
    show({ ...base, status: 'refused', statusLabel: 'Refusé', reason: 'Le conducteur n’était pas déclaré.', mediator: 'Vous pouvez saisir La Médiation de l’Assurance.' });
    const refused = await screen.findByRole('region', { name: 'Refus de l’assureur' });
    expect(refused.textContent).toContain('Le conducteur n’était pas déclaré.');
    expect(refused.textContent).toContain('La Médiation de l’Assurance');
  });

  it('sends a message and shows the thread the server answers', async () => {
    show({ ...base, messages: [] });
    const box = await screen.findByLabelText('Votre message');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(screen.getByText('Écrivez votre message.')).toBeTruthy();
    fetchMock.mockReturnValueOnce(answer(201, { claim: { ...base, messages: [{ id: 2, at: '2026-11-28T11:00:00Z', authorName: 'Camille', fromClient: true, body: 'Le voici.' }] } }));
    fireEvent.change(box, { target: { value: 'Le voici.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    // The thread's copy, not the field's.
    expect(await screen.findByText('Le voici.', { selector: '.claim-message-body' })).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body as string)).toEqual({ body: 'Le voici.' });
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps what the client typed while a message left', async () => {
    show({ ...base, messages: [] });
    const box = (await screen.findByLabelText('Votre message')) as HTMLTextAreaElement;
    let release = () => {};
    fetchMock.mockReturnValueOnce(new Promise<void>((r) => { release = r; }).then(() => answer(201, { claim: { ...base, messages: [{ id: 2, at: '2026-11-28T11:00:00Z', authorName: 'Camille', fromClient: true, body: 'Le voici.' }] } })));
    fireEvent.change(box, { target: { value: 'Le voici.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    fireEvent.change(box, { target: { value: 'Le voici. Et la facture' } });
    release();
    expect(await screen.findByText('Le voici.', { selector: '.claim-message-body' })).toBeTruthy();
    expect(box.value).toBe('Le voici. Et la facture');
  });
});

describe('MyClaimsPage', () => {
  it('offers to declare a loss when there is none', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { claims: [] }));
    render(<MemoryRouter><MyClaimsPage /></MemoryRouter>);
    expect(await screen.findByRole('heading', { name: 'Vous n’avez déclaré aucun sinistre' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Déclarer un sinistre' }).every((a) => a.getAttribute('href') === '/sinistres/declarer')).toBe(true);
  });

  it('lists each claim with its reference, status and, while new, its delay', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { claims: [{ ...base, status: 'declared', statusLabel: 'Déclaré', late: false, files: [], history: [], messages: [] }] }));
    render(<MemoryRouter><MyClaimsPage /></MemoryRouter>);
    const card = await screen.findByRole('article', { name: 'Accident ou accrochage' });
    expect(card.textContent).toContain('SN-2026-000007');
    expect(card.textContent).toContain('Déclaré');
    expect(card.textContent).toContain('jusqu’au 27\u00a0novembre 2026');
    expect(within(card).getByRole('link', { name: /Voir le dossier/ }).getAttribute('href')).toBe('/mes-sinistres/s1');
  });

  it('gives the rule of a natural disaster whose decree is not out', async () => {
    const rule = "30 jours après la publication de l'arrêté de catastrophe naturelle au Journal officiel (article L125-2 du code des assurances) ; déclarez sans attendre l'arrêté, votre dossier sera prêt";
    fetchMock.mockReturnValueOnce(answer(200, { claims: [{ ...base, kind: 'natural', kindLabel: 'Catastrophe naturelle', status: 'declared', statusLabel: 'Déclaré', late: false, declareBy: '', declareRule: rule }] }));
    render(<MemoryRouter><MyClaimsPage /></MemoryRouter>);
    const card = await screen.findByRole('article', { name: 'Catastrophe naturelle' });
    expect(card.textContent).toContain('Délai légal de déclaration\u00a0: 30\u00a0jours après la publication de l');
    expect(card.textContent).not.toContain('jusqu’au');
  });
});
