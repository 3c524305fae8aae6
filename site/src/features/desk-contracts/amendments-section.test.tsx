import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AmendmentsSection, adjustmentText } from './amendments-section';
import { parisToday } from './labels';
import { PrepareAmendment } from './prepare-amendment';
import { fakeServer, json, sample } from './test-fixtures';
import type { Amendment, Contract } from './types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const address: Amendment = {
  id: 'A2', kind: 'address', kindLabel: 'Changement d’adresse', status: 'signed', effectiveDate: '2026-03-20',
  yearlyCentsBefore: 62_450, yearlyCentsAfter: 70_010, monthlyCentsAfter: 5_834, adjustmentCents: 6_200,
  trace: [['Zone de stationnement', 'Lyon (zone 3)', 'Marseille (zone 4)']],
  changes: [['Adresse', '12 rue des Lilas, 69002 Lyon', '4 quai du Port, 13002 Marseille']], createdByStaff: false, signedAt: '2026-03-12T10:00:00Z',
};
const formula: Amendment = {
  id: 'A3', kind: 'formula', kindLabel: '', status: 'draft', effectiveDate: '2026-04-01',
  yearlyCentsBefore: 70_010, yearlyCentsAfter: 65_000, monthlyCentsAfter: 5_417, adjustmentCents: -2_500, trace: [], changes: [], createdByStaff: true,
};

describe('adjustmentText', () => {
  it.each([
    [1250, '12,50\u00a0€ à payer par le client'],
    [-1250, '12,50\u00a0€ à rembourser au client'],
    [0, 'Sans régularisation'],
  ])('%i', (cents, want) => expect(adjustmentText(cents)).toBe(want));
});

describe('AmendmentsSection', () => {
  it('lists the amendments newest first, numbered, with the premium, the adjustment, the status and who prepared them', () => {
    render(<AmendmentsSection contract={{ ...sample, amendments: [formula, address] }} />);
    const section = screen.getByRole('region', { name: 'Avenants' });
    const items = within(section).getAllByRole('listitem').filter((li) => li.classList.contains('amendment'));
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Avenant n°\u00a02\u00a0: Changement de formuleÀ signer par le client',
      'Avenant n°\u00a01\u00a0: Changement d’adresseSigné le 12\u00a0mars 2026',
    ]);
    expect(items[0]!.textContent).toContain('25,00\u00a0€ à rembourser au client');
    expect(items[0]!.textContent).toContain('Un conseiller, à la demande du client');
    expect(items[1]!.textContent).toContain('Adresse\u00a0: 12 rue des Lilas, 69002 Lyon → 4 quai du Port, 13002 Marseille');
    expect(items[1]!.textContent).toContain('624,50\u00a0€ → 700,10\u00a0€, soit 58,34\u00a0€ par mois');
    expect(items[1]!.textContent).toContain('Le client, en ligne');
  });

  it('says there is none, on a contract from before amendments too', () => {
    render(<AmendmentsSection contract={sample} />);
    expect(screen.getByText('Aucun avenant.')).toBeTruthy();
  });
});

describe('PrepareAmendment', () => {
  const contract: Contract = { ...sample, status: 'active' };

  function open() {
    const onPrepared = vi.fn();
    render(<PrepareAmendment contract={contract} onPrepared={onPrepared} />);
    fireEvent.click(screen.getByRole('button', { name: 'Préparer un avenant' }));
    fireEvent.change(screen.getByLabelText('Changement'), { target: { value: 'address' } });
    return onPrepared;
  }
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('offers the kinds of change of the contract', () => {
    open();
    expect(within(screen.getByLabelText('Changement')).getAllByRole('option').map((o) => o.textContent))
      .toEqual(['Changement de véhicule', 'Changement d’adresse', 'Changement de conducteur', 'Changement de compte bancaire']);
    expect((screen.getByLabelText(/Date d’effet/) as HTMLInputElement).value).toBe(parisToday());
  });

  it('checks the fields before sending anything', () => {
    const calls = fakeServer({});
    open();
    type('Nouvelle adresse', '4 quai du Port');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’avenant' }));
    expect(screen.getByText('Indiquez le code postal.')).toBeTruthy();
    expect(screen.getByText('Indiquez la ville.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('posts the change, says what the client does next, and lets the page read the contract again', async () => {
    const prepared = { ...address, id: 'A9', status: 'draft', createdByStaff: true, signedAt: undefined };
    const calls = fakeServer({ 'POST /api/contracts/K1/amendments': () => json(201, { amendment: prepared }) });
    const onPrepared = open();
    type('Nouvelle adresse', ' 4 quai du Port ');
    type('Code postal', '13002');
    type('Ville', 'Marseille');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’avenant' }));
    expect((await screen.findByRole('status')).textContent)
      .toBe('Avenant préparé\u00a0: 624,50\u00a0€ → 700,10\u00a0€ par an, 62,00\u00a0€ à payer par le client. Le client le retrouve dans son espace et le signe avec le code reçu par e-mail.');
    expect(calls).toEqual([{ key: 'POST /api/contracts/K1/amendments',
      body: { kind: 'address', effectiveDate: parisToday(), changes: { address: '4 quai du Port', postalCode: '13002', city: 'Marseille' } } }]);
    expect(onPrepared).toHaveBeenCalledWith(prepared);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Préparer un avenant' }));
  });

  it('puts the keyboard on the kind when it opens, and back on its button when cancelled', () => {
    open();
    expect(document.activeElement).toBe(screen.getByLabelText('Changement'));
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Préparer un avenant' }));
  });

  it('shows each field the server refuses beside it, and a refusal of the whole change above the buttons', async () => {
    fakeServer({ 'POST /api/contracts/K1/amendments': () => json(400, { error: 'Vérifiez les champs signalés.', code: 'invalid',
      errors: [{ field: 'changes.postalCode', message: 'Ce code postal n’existe pas.' }, { field: 'effectiveDate', message: 'La date d’effet est dans l’année en cours.' }] }) });
    open();
    type('Nouvelle adresse', '4 quai du Port');
    type('Code postal', '00000');
    type('Ville', 'Nulle part');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’avenant' }));
    expect(await screen.findByText('Ce code postal n’existe pas.')).toBeTruthy();
    expect(screen.getByText('La date d’effet est dans l’année en cours.')).toBeTruthy();
    expect(screen.getByLabelText('Code postal').getAttribute('aria-invalid')).toBe('true');

    cleanup();
    fakeServer({ 'POST /api/contracts/K1/amendments': () => json(409, { error: 'Ce contrat est suspendu pour impayé : régularisez avant de le modifier.', code: 'conflict' }) });
    open();
    type('Nouvelle adresse', '4 quai du Port');
    type('Code postal', '13002');
    type('Ville', 'Marseille');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’avenant' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ce contrat est suspendu pour impayé\u00a0: régularisez avant de le modifier.');
  });
});
