import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DeclareForm } from './declare-form';
import { initialValues, type ContractChoice } from './claim-form';
import type { Claim } from './api';

afterEach(cleanup);

const contracts: ContractChoice[] = [{ id: 'k1', number: 'CT-2026-000001', product: 'car', productLabel: 'Auto', insurer: 'Mutuelle Fictive', status: 'active' }];
const claim = { id: 's1', ref: 'SN-2026-000001', files: [], actions: ['file', 'message'] } as unknown as Claim;

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function setup(contract = '') {
  const onDone = vi.fn();
  render(<MemoryRouter><DeclareForm contracts={contracts} initial={initialValues(contract)} today="2026-11-27" onDone={onDone} /></MemoryRouter>);
  return onDone;
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const choose = (group: string | RegExp, option: string) => fireEvent.click(within(screen.getByRole('group', { name: group })).getByLabelText(option));

/** Fills a car collision with no other party up to step 3. */
function fillCollision() {
  setup('k1');
  next();
  choose('Ce qui s’est passé', 'Accident ou accrochage');
  type('Date du sinistre', '2026-11-25');
  type('Lieu du sinistre (adresse ou commune)', 'Lyon 3e');
  choose('Y a-t-il des blessés\u00a0?', 'Non');
  choose(/autre personne est-il en cause/, 'Non');
  choose('Avez-vous rempli un constat amiable\u00a0?', 'Non, personne d’autre n’est en cause');
  type('Racontez ce qui s’est passé', 'J’ai heurté un poteau en me garant sur le parking.');
  next();
}

describe('DeclareForm', () => {
  it('asks for a contract first, then shows the loss step with the delay rule of the kind chosen', () => {
    setup();
    next();
    expect(screen.getByText('Choisissez le contrat concerné.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/CT-2026-000001/));
    next();
    expect(screen.getByRole('heading', { level: 2, name: 'Étape 2\u00a0sur 3\u00a0: Que s’est-il passé\u00a0?' })).toBe(document.activeElement);
    choose('Ce qui s’est passé', 'Vol ou tentative de vol');
    expect(screen.getByText(/2 jours ouvrés après le vol/)).toBeTruthy();
  });

  it('shows the emergency numbers as soon as someone is hurt, with the assistance found on the papers', () => {
    setup('k1');
    next();
    choose('Ce qui s’est passé', 'Accident ou accrochage');
    expect(screen.queryByRole('alert')).toBeNull();
    choose('Y a-t-il des blessés\u00a0?', 'Oui');
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain('Urgence\u00a0: appelez le 15 (SAMU), le 18 (pompiers) ou le 112');
    expect(within(banner).getByRole('link', { name: '112' }).getAttribute('href')).toBe('tel:112');
    expect(banner.textContent).toContain('carte verte / Mémo Véhicule Assuré ou votre contrat');
  });

  it('tells to shut the water at the meter while the leak runs, for a contract held elsewhere', () => {
    setup();
    fireEvent.click(screen.getByLabelText('Un contrat souscrit ailleurs'));
    type('Votre assureur', 'Assureur X');
    type(/Numéro de votre contrat/, 'HAB-42');
    fireEvent.change(screen.getByLabelText('Ce qu’il assure'), { target: { value: 'home' } });
    next();
    choose('Ce qui s’est passé', 'Dégât des eaux');
    choose('La fuite est-elle arrêtée\u00a0?', 'Non');
    expect(screen.getByRole('alert').textContent).toContain('Coupez l’arrivée d’eau au compteur');
    expect(screen.getByRole('alert').textContent).toContain('figure sur votre contrat ou votre attestation d’assurance');
    choose('La fuite est-elle arrêtée\u00a0?', 'Oui');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows each refusal of the server under its field, back on its step', async () => {
    fillCollision();
    fetchMock.mockReturnValueOnce(answer(400, {
      error: 'La date du sinistre ne peut pas être dans le futur.', field: 'occurredAt',
      errors: [{ field: 'occurredAt', message: 'Ce sinistre précède le début de votre contrat.' }, { field: 'answers.place', message: 'Cette réponse : 200 caractères au plus.' }],
    }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma déclaration' }));
    expect(await screen.findByText('Ce sinistre précède le début de votre contrat.')).toBeTruthy();
    expect(screen.getByText('Cette réponse : 200 caractères au plus.')).toBeTruthy();
    expect(screen.getByLabelText('Date du sinistre').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends only the questions asked, then the files one by one; a refused file is said and the claim stays', async () => {
    fillCollision();
    const input = screen.getByLabelText('Photos et documents') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['a'], 'photo.jpg'), new File(['b'], 'faux.pdf'), new File(['c'], 'notes.txt')] } });
    expect(screen.getByText('Envoyez un PDF, une photo JPEG ou une image PNG.')).toBeTruthy();
    fetchMock
      .mockReturnValueOnce(answer(201, { claim }))
      .mockReturnValueOnce(answer(201, { claim }))
      .mockReturnValueOnce(answer(400, { error: 'Ce fichier n’est ni un PDF, ni une image JPEG ou PNG.', field: 'file' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma déclaration' }));
    expect(await screen.findByRole('heading', { name: 'Votre déclaration est enregistrée sous la référence SN-2026-000001' })).toBeTruthy();
    const body = JSON.parse(fetchMock.mock.calls[0]![1].body as string);
    expect(body).toEqual({
      contractId: 'k1', kind: 'collision', occurredAt: '2026-11-25', description: 'J’ai heurté un poteau en me garant sur le parking.',
      answers: { place: 'Lyon 3e', injured: 'no', otherParty: 'no', constat: 'none' },
    });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/claims', '/api/claims/s1/files', '/api/claims/s1/files']);
    expect(screen.getByText('Ce fichier n’est ni un PDF, ni une image JPEG ou PNG.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir mon dossier' }).getAttribute('href')).toBe('/mes-sinistres/s1');
  });

  it('goes to the claim once the declaration and every file went', async () => {
    const onDone = vi.fn();
    render(<MemoryRouter><DeclareForm contracts={contracts} initial={{ ...initialValues('k1') }} today="2026-11-27" onDone={onDone} /></MemoryRouter>);
    next();
    choose('Ce qui s’est passé', 'Bris de glace');
    type('Date du sinistre', '2026-11-26');
    type('Lieu du sinistre (adresse ou commune)', 'Paris');
    type('Racontez ce qui s’est passé', 'Un gravillon a fissuré le pare-brise sur l’autoroute.');
    next();
    fetchMock.mockReturnValueOnce(answer(201, { claim }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma déclaration' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(claim));
  });
});
