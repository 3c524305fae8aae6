import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IncidentSection } from './incident-section';
import { checkPayment, eurosInput } from './payment-form';
import { PremiumSection } from './premium-section';
import { fakeServer, json, sample } from './test-fixtures';
import type { Contract, Incident } from './types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const incident: Incident = {
  dueDate: '2027-01-10', amountCents: 5300, reasonLabel: 'Provision insuffisante', reference: 'IMP-CT-2026-000001-02',
  iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', noticeAt: '2027-01-20', suspendAt: '2027-02-19', terminateAt: '2027-03-01',
  stage: 'suspended', stageLabel: 'Suspendu',
};
const suspended: Contract = { ...sample, status: 'suspended', statusLabel: 'Suspendu', incident };
const paid: Contract = { ...sample, status: 'active', statusLabel: 'Actif', incident: { ...incident, stage: 'closed', stageLabel: 'Réglé', coverBackAt: '2027-02-22T11:00:00Z' } };
const route = 'POST /api/desk/contracts/K1/payments';

/** The form's fields by their labels. */
function fields() {
  return {
    amount: screen.getByLabelText('Montant reçu (€)') as HTMLInputElement,
    date: screen.getByLabelText('Date du paiement') as HTMLInputElement,
    way: screen.getByLabelText('Moyen de paiement') as HTMLSelectElement,
  };
}

describe('IncidentSection', () => {
  it('says nothing of a contract without an incident', () => {
    const { container } = render(<IncidentSection contract={sample} onChange={() => {}} />);
    expect(container.textContent).toBe('');
  });

  it('shows the rejected debit, its clocks and the reference', () => {
    render(<IncidentSection contract={{ ...suspended, incident: { ...incident, representDate: '2027-01-15' } }} onChange={() => {}} />);
    const t = screen.getByRole('region', { name: 'Impayé' }).textContent?.replace(/\s/g, ' ');
    expect(t).toContain('Nouvelle présentation15 janvier 2027');
    for (const part of ['ÉtapeSuspendu', 'Prélèvement rejeté53,00 € du 10 janvier 2027', 'Motif de la banqueProvision insuffisante',
      'Référence du virementIMP-CT-2026-000001-02', 'Mise en demeure20 janvier 2027', 'Suspension19 février 2027', 'Résiliation1er mars 2027']) {
      expect(t).toContain(part);
    }
  });

  it('records a payment: the amount due to begin with, in cents, with its day and way; the contract comes back', async () => {
    const calls = fakeServer({ [route]: () => json(200, { contract: paid }) });
    const onChange = vi.fn();
    render(<IncidentSection contract={suspended} onChange={onChange} />);
    const f = fields();
    expect(f.amount.value).toBe('53,00');
    expect(within(f.way).getAllByRole('option').map((o) => o.textContent)).toEqual(['Virement', 'Chèque', 'Carte bancaire', 'Espèces']);
    fireEvent.change(f.amount, { target: { value: '1 053,5' } });
    fireEvent.change(f.date, { target: { value: '2027-02-21' } });
    fireEvent.change(f.way, { target: { value: 'cheque' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(paid));
    expect(calls).toEqual([{ key: route, body: { amountCents: 105350, date: '2027-02-21', way: 'cheque' } }]);
    expect(screen.getByRole('status').textContent).toBe('Paiement de 1\u202f053,50\u00a0€ enregistré.');
  });

  it('reads the contract again when the answer does not carry it', async () => {
    const calls = fakeServer({ [route]: () => new Response(null, { status: 204 }), 'GET /api/contracts/K1': () => json(200, { contract: paid }) });
    const onChange = vi.fn();
    render(<IncidentSection contract={suspended} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(paid));
    expect(calls.map((c) => c.key)).toEqual([route, 'GET /api/contracts/K1']);
  });

  it('refuses a bad amount or no date before sending, next to the field', () => {
    const calls = fakeServer({});
    render(<IncidentSection contract={suspended} onChange={() => {}} />);
    const f = fields();
    fireEvent.change(f.amount, { target: { value: '12,345' } });
    fireEvent.change(f.date, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(f.amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(f.amount.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Indiquez le montant en euros, par exemple 48,31.');
    expect(document.activeElement).toBe(f.amount);
    expect(f.date.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('puts the server’s French field errors next to their fields, and any other error above the button', async () => {
    fakeServer({
      [route]: (body) => ((body as { way: string }).way === 'cash'
        ? json(400, { error: 'Le paiement est refusé.', code: 'invalid', errors: [{ field: 'date', message: 'La date du paiement ne peut pas être dans le futur.' }, { field: 'way', message: 'Les espèces sont limitées à 1 000 €.' }] })
        : json(409, { error: 'Cet impayé est déjà réglé.', code: 'conflict' })),
    });
    const onChange = vi.fn();
    render(<IncidentSection contract={suspended} onChange={onChange} />);
    const f = fields();
    fireEvent.change(f.way, { target: { value: 'cash' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await screen.findByText('La date du paiement ne peut pas être dans le futur.');
    expect(f.date.getAttribute('aria-invalid')).toBe('true');
    expect(f.way.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Les espèces sont limitées à 1 000 €.')).toBeTruthy();
    expect(document.activeElement).toBe(f.date);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(f.way, { target: { value: 'card' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cet impayé est déjà réglé.');
    expect(f.date.getAttribute('aria-invalid')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a single refused field (field, error) lands next to it', async () => {
    fakeServer({ [route]: () => json(400, { error: 'Le montant doit être positif.', field: 'amountCents', code: 'invalid' }) });
    render(<IncidentSection contract={suspended} onChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await screen.findByText('Le montant doit être positif.');
    expect(fields().amount.getAttribute('aria-invalid')).toBe('true');
  });

  it('offers no form once the incident is closed, and says when the cover came back', () => {
    render(<IncidentSection contract={paid} onChange={() => {}} />);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    const t = screen.getByRole('region', { name: 'Impayé réglé' }).textContent?.replace(/\s/g, ' ');
    expect(t).toContain('Garanties rétablies22 février 2027 à 12:00');
    expect(t).not.toContain('Suspension');
  });
});

describe('payment checks', () => {
  it('writes cents as staff type them, and checks the amount and the date', () => {
    expect(eurosInput(5300)).toBe('53,00');
    expect(eurosInput(105)).toBe('1,05');
    expect(checkPayment('', '2027-01-01')).toEqual({ amount: 'Indiquez le montant reçu, en euros.' });
    expect(checkPayment('0', '2027-01-01')).toEqual({ amount: 'Le montant doit être supérieur à zéro.' });
    expect(checkPayment('-3', '')).toEqual({ amount: 'Indiquez le montant en euros, par exemple 48,31.', date: 'Indiquez la date du paiement.' });
    expect(checkPayment('48,31 €', '2027-01-01')).toEqual({});
  });
});

describe('PremiumSection', () => {
  it('gives each payment its status and a rejection its reason, once the server sends them', () => {
    render(<PremiumSection contract={{ ...sample, payments: [
      { dueDate: '2026-12-10', amountCents: 5300, status: 'paid', statusLabel: 'Payé' },
      { dueDate: '2027-01-10', amountCents: 5300, status: 'rejected', statusLabel: 'Rejeté', reasonCode: 'AM04', reasonLabel: 'Provision insuffisante' },
      { seq: 13, dueDate: '2027-01-15', amountCents: 5300, status: 'scheduled', statusLabel: 'Prévu', represents: 2 },
    ] }} />);
    const rows = within(screen.getByRole('table', { name: 'Échéances' })).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['110\u00a0décembre 202653,00\u00a0€Payé', '210\u00a0janvier 202753,00\u00a0€Rejeté (AM04\u00a0: Provision insuffisante)',
      '1315\u00a0janvier 2027 (nouvelle présentation du n°\u00a02)53,00\u00a0€Prévu']);
  });
});
