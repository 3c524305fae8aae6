import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { Amendment, AmendedContract } from './api';
import { loadPriceProduct, type PriceProduct } from '../prices/rates';
import { ChangeForm } from './change-form';
import { PriceOfChange } from './price-of-change';
import { AmendmentSignature } from './amendment-signature';
import { AmendmentFlow, stepNumber } from './amendment-flow';
import { AmendmentDone } from './new-documents';
import { amendable } from './amendable';

afterEach(cleanup);

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

const wrap = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

const contract = {
  id: 'c1', number: 'CT-2026-000001', status: 'active', statusLabel: 'Actif', product: 'car', productLabel: 'Assurance auto', insurer: 'Mutuelle Fictive', formula: 'Tiers',
  holder: { name: 'Camille Martin', email: 'c@exemple.fr', address: '4 place Bellecour', postalCode: '69002', city: 'Lyon' },
  risk: { vehicle: { make: 'Peugeot', model: '208', version: '1.2', registration: 'AB-123-CD' }, lines: [] },
  startDate: '2026-11-20', period: { start: '2026-11-20', end: '2027-11-19' }, actions: ['cancel'], rhythm: 'monthly',
  mandate: { rum: 'R1', holder: 'Camille Martin', iban: 'FR76 •••• 0189', signedAt: '' }, documents: [], proofs: [], amendments: [],
} as unknown as AmendedContract;

const move: Amendment = {
  id: 'a1', kind: 'address', kindLabel: 'Changement d’adresse', status: 'draft', effectiveDate: '2026-12-10',
  yearlyCentsBefore: 56833, yearlyCentsAfter: 61200, monthlyCentsAfter: 5150, adjustmentCents: 4012,
  trace: [['Zone géographique', 'Rhône (69) : ×1,08', 'Bouches-du-Rhône (13) : ×1,22']],
  changes: [['Adresse', '4 place Bellecour, 69002 Lyon', '12 La Canebière, 13001 Marseille']], createdByStaff: false,
};

const rated = { form: [], formulas: [{ id: 'tous-risques', label: 'Tous risques', rank: 3 }, { id: 'tiers', label: 'Tiers', rank: 1 }, { id: 'tiers-etendu', label: 'Tiers étendu', rank: 2 }] } as unknown as PriceProduct;

describe('ChangeForm', () => {
  it('asks the kind first, then checks a move before asking its price', () => {
    wrap(<ChangeForm contract={contract} rated={rated} today="2026-12-07" onPriced={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Voir le prix du changement' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Je déménage' }));
    fireEvent.change(screen.getByLabelText('Code postal'), { target: { value: '13a0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Voir le prix du changement' }));
    expect(screen.getByText('Indiquez votre nouvelle adresse.')).toBeTruthy();
    expect(screen.getByText(/Indiquez un code postal de 5\schiffres\./)).toBeTruthy();
    expect(screen.getByLabelText('Code postal').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the move with the rating file’s keys and hands over the priced amendment', async () => {
    const onPriced = vi.fn();
    wrap(<ChangeForm contract={contract} rated={rated} today="2026-12-07" onPriced={onPriced} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Je déménage' }));
    fireEvent.change(screen.getByLabelText('Nouvelle adresse'), { target: { value: '12 La Canebière' } });
    fireEvent.change(screen.getByLabelText('Code postal'), { target: { value: '13001' } });
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Marseille' } });
    fireEvent.change(screen.getByLabelText('À partir du'), { target: { value: '2026-12-10' } });
    fetchMock.mockReturnValueOnce(answer(201, { amendment: move }));
    fireEvent.click(screen.getByRole('button', { name: 'Voir le prix du changement' }));
    await waitFor(() => expect(onPriced).toHaveBeenCalledWith(move));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/contracts/c1/amendments');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ kind: 'address', effectiveDate: '2026-12-10', changes: { address: '12 La Canebière', postalCode: '13001', city: 'Marseille' } });
  });

  it('shows the server’s refusal by its field, and a refusal of the rating file with the way to an advisor', async () => {
    wrap(<ChangeForm contract={contract} rated={rated} today="2026-12-07" onPriced={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Je déménage' }));
    fireEvent.change(screen.getByLabelText('Nouvelle adresse'), { target: { value: '1 rue du Port' } });
    fireEvent.change(screen.getByLabelText('Code postal'), { target: { value: '97133' } });
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Saint-Barthélemy' } });
    fetchMock.mockReturnValueOnce(answer(400, { error: 'Vérifiez les champs.', errors: [{ field: 'changes.postalCode', message: 'L’assureur n’assure pas ce département en ligne.' }, { field: '', message: 'Un conseiller peut vous proposer une autre solution.' }] }));
    fireEvent.click(screen.getByRole('button', { name: 'Voir le prix du changement' }));
    expect(await screen.findByText('L’assureur n’assure pas ce département en ligne.')).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Un conseiller peut vous proposer une autre solution.');
    expect(within(alert).getByRole('link', { name: 'Demander à un conseiller' }).getAttribute('href')).toBe('/contact');
  });

  it('offers the other formulas of the same insurer, not the current one', () => {
    wrap(<ChangeForm contract={contract} rated={rated} today="2026-12-07" onPriced={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Je change de formule' }));
    const group = screen.getByRole('group', { name: 'Nouvelle formule chez Mutuelle Fictive' });
    expect(within(group).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['tiers-etendu', 'tous-risques']);
  });

  it('checks the new IBAN when it is left, as the contract’s signature does', () => {
    wrap(<ChangeForm contract={contract} rated={rated} today="2026-12-07" onPriced={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Je change de compte bancaire' }));
    const iban = screen.getByLabelText('Nouvel IBAN');
    fireEvent.change(iban, { target: { value: 'fr7630006000011234567890189' } });
    fireEvent.blur(iban);
    expect((iban as HTMLInputElement).value).toBe('FR76 3000 6000 0112 3456 7890 189');
    fireEvent.change(iban, { target: { value: 'FR76 3000 6000 0112 3456 7890 188' } });
    fireEvent.blur(iban);
    expect(screen.getByText('La clé de contrôle de l’IBAN est fausse : vérifiez-le.')).toBeTruthy();
  });
});

describe('PriceOfChange', () => {
  it('shows the yearly premium before and after, the adjustment due, and the trace lines that changed', () => {
    render(<PriceOfChange amendment={move} contract={contract} />);
    const figures = document.querySelector('.amendment-figures')!.textContent!;
    expect(figures).toContain('568,33\u00a0€ par an');
    expect(figures).toContain('612,00\u00a0€ par an');
    expect(figures).toContain('51,50\u00a0€ par mois');
    expect(figures).toContain('40,12\u00a0€ à payer');
    expect(document.querySelector('.amendment-changes')!.textContent).toMatch(/Après\s:\s12\sLa Canebière, 13001\sMarseille/);
    const why = screen.getByText('Pourquoi ce changement de prix ?').closest('details')!;
    expect(why.querySelector('del')!.textContent).toBe('Rhône (69) : ×1,08'.replace(' :', '\u00a0:'));
    expect(why.querySelector('ins')!.textContent).toBe('Bouches-du-Rhône (13)\u00a0: ×1,22');
  });

  it('says a refund, and who prepared the change', () => {
    render(<PriceOfChange amendment={{ ...move, adjustmentCents: -1210, createdByStaff: true }} contract={contract} />);
    expect(document.querySelector('.amendment-figures')!.textContent).toContain('12,10\u00a0€ remboursés');
    expect(screen.getByText(/Un conseiller a préparé ce changement/)).toBeTruthy();
  });
});

describe('AmendmentSignature', () => {
  it('asks the box, sends the code, and signs accepting the amendment', async () => {
    const onSigned = vi.fn();
    render(<AmendmentSignature contract={contract} amendment={move} onSigned={onSigned} />);
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir mon code' }));
    expect(screen.getByText('Cochez cette case après avoir vérifié le changement.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: /j’accepte l’avenant à mon contrat n°\u00a0CT-2026-000001/ }));
    fetchMock.mockReturnValueOnce(answer(202, { sentTo: 'c•••@exemple.fr', sentAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 600_000).toISOString(), resendAt: new Date(Date.now() + 60_000).toISOString() }));
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir mon code' }));
    const field = await screen.findByLabelText('Code reçu par e-mail');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/contracts/c1/amendments/a1/signature-code');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Recevoir un nouveau code' }) as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Signer' }));
    expect(screen.getByText('Saisissez le code à 6 chiffres reçu par e-mail.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '12 34 56' } });
    const signed = { ...contract, amendments: [{ ...move, status: 'signed', signedAt: '2026-12-07T10:00:00Z' }] };
    fetchMock.mockReturnValueOnce(answer(200, { contract: signed }));
    fireEvent.click(screen.getByRole('button', { name: 'Signer' }));
    await waitFor(() => expect(onSigned).toHaveBeenCalledWith(signed));
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/contracts/c1/amendments/a1/signature');
    expect(JSON.parse(init.body as string)).toEqual({ code: '123456', accept: ['amendment'] });
  });

  it('shows a wrong code by its field', async () => {
    render(<AmendmentSignature contract={contract} amendment={move} onSigned={() => {}} />);
    fireEvent.click(screen.getByRole('checkbox'));
    fetchMock.mockReturnValueOnce(answer(202, { sentTo: 'c•••@exemple.fr', sentAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 600_000).toISOString(), resendAt: new Date().toISOString() }));
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir mon code' }));
    fireEvent.change(await screen.findByLabelText('Code reçu par e-mail'), { target: { value: '000000' } });
    fetchMock.mockReturnValueOnce(answer(400, { error: 'Ce code est faux.', field: 'code' }));
    fireEvent.click(screen.getByRole('button', { name: 'Signer' }));
    expect(await screen.findByText('Ce code est faux.')).toBeTruthy();
    expect(screen.getByLabelText('Code reçu par e-mail').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('AmendmentFlow and its documents', () => {
  it('offers a change an advisor prepared first, and opens it to sign', () => {
    const prepared = { ...move, id: 'a2', kind: 'formula' as const, kindLabel: 'Changement de formule', createdByStaff: true };
    const steps: number[] = [];
    wrap(<AmendmentFlow contract={{ ...contract, amendments: [prepared] }} today="2026-12-07" onStep={(s) => steps.push(stepNumber(s))} onContract={() => {}} />);
    expect(screen.getByText(/Préparé par un conseiller/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Vérifier et signer.+Changement de formule$/ }));
    expect(screen.getByRole('heading', { name: 'Le prix de ce changement' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Le prix de ce changement' })).toBe(document.activeElement);
    expect(steps).toEqual([1, 2]);
  });

  it('lists the documents the signature issued, the new Mémo among them, not the older ones', () => {
    const doc = (id: string, kind: string, title: string, issuedAt: string) => ({ id, kind, title, url: `/api/contracts/c1/documents/${id}`, sha256: 'x', issuedAt, signed: true });
    const c = { ...contract, documents: [
      doc('d3', 'memo', 'Mémo Véhicule Assuré', '2026-12-07T10:00:01Z'),
      doc('d2', 'amendment', 'Avenant n°\u00a01', '2026-12-07T10:00:00Z'),
      doc('d1', 'memo', 'Mémo Véhicule Assuré', '2026-11-20T09:00:00Z'),
    ] } as AmendedContract;
    wrap(<AmendmentDone contract={c} amendment={{ ...move, status: 'signed', signedAt: '2026-12-07T10:00:00Z' }} />);
    const links = screen.getAllByRole('link', { name: /Télécharger/ }).map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/api/contracts/c1/documents/d3?download=1', '/api/contracts/c1/documents/d2?download=1']);
    expect(screen.getByRole('heading', { name: 'Votre changement est signé' })).toBe(document.activeElement);
  });

  it('starts another change from the confirmation, the form afresh', async () => {
    const signed = { ...contract, amendments: [{ ...move, status: 'signed' as const, signedAt: '2026-12-07T10:00:00Z' }] };
    wrap(<AmendmentFlow contract={{ ...contract, amendments: [move] }} today="2026-12-07" open="a1" onStep={() => {}} onContract={() => {}} />);
    fireEvent.click(screen.getByRole('checkbox'));
    fetchMock.mockReturnValueOnce(answer(202, { sentTo: 'c•••@exemple.fr', sentAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 600_000).toISOString(), resendAt: new Date().toISOString() }));
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir mon code' }));
    fireEvent.change(await screen.findByLabelText('Code reçu par e-mail'), { target: { value: '123456' } });
    fetchMock.mockReturnValueOnce(answer(200, { contract: signed }));
    fireEvent.click(screen.getByRole('button', { name: 'Signer' }));
    await screen.findByRole('heading', { name: 'Votre changement est signé' });
    fireEvent.click(screen.getByRole('button', { name: 'Faire un autre changement' }));
    expect(screen.getByRole('heading', { name: 'Votre changement' })).toBeTruthy();
    expect(screen.getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked)).toBe(true);
  });

  it('is offered on a contract in force, or when the server says « amend »', () => {
    expect(amendable(contract)).toBe(true);
    expect(amendable({ ...contract, status: 'cancel_requested' })).toBe(false);
    expect(amendable({ ...contract, status: 'pending_signature', actions: ['amend' as never] })).toBe(true);
  });
});

describe('a home’s move', () => {
  it('asks the new dwelling, its floor only for an apartment, and posts it', async () => {
    const rated = await loadPriceProduct('home');
    const home = { ...contract, product: 'home', risk: { lines: [] }, mandate: undefined } as unknown as AmendedContract;
    const onPriced = vi.fn();
    wrap(<ChangeForm contract={home} rated={rated} today="2026-12-07" onPriced={onPriced} />);
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['address', 'formula']);
    fireEvent.click(screen.getByRole('radio', { name: 'Je déménage' }));
    expect(screen.queryByRole('group', { name: 'Étage de l’appartement' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Appartement' }));
    expect(screen.getByRole('group', { name: 'Étage de l’appartement' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nouvelle adresse'), { target: { value: '12 La Canebière' } });
    fireEvent.change(screen.getByLabelText('Code postal'), { target: { value: '13001' } });
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Marseille' } });
    fireEvent.click(screen.getByRole('button', { name: 'Voir le prix du changement' }));
    expect(screen.getByText(/choisissez son étage/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: 'Dernier étage' }));
    fireEvent.change(screen.getByLabelText('Surface habitable (m²)'), { target: { value: '48' } });
    fireEvent.change(screen.getByLabelText('Nombre de pièces principales'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Locataire' }));
    fetchMock.mockReturnValueOnce(answer(201, { amendment: move }));
    fireEvent.click(screen.getByRole('button', { name: 'Voir le prix du changement' }));
    await waitFor(() => expect(onPriced).toHaveBeenCalled());
    expect(JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string).changes).toEqual({
      address: '12 La Canebière', postalCode: '13001', city: 'Marseille', dwelling: 'apartment', surface: 48, rooms: 2, floor: 'top', occupant: 'tenant',
    });
  });
});
