import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { onlinePanel } from './online-panel';
import type { DeskRequest } from './types';

const request: DeskRequest = {
  id: 'l1', kind: 'online', kindLabel: 'Devis en ligne', ref: 'DL-2026-000001', client: false, name: '', email: 'paul@exemple.fr', phone: '',
  product: 'car', summary: 'Assurance auto · Tiers chez Mutuelle Fictive de l’Ouest · véhicule hors catalogue · sans rappel', status: 'new',
  statusLabel: 'Nouveau', clientStatusLabel: 'Prix enregistrés', waiting: true, assignee: null, dueAt: '', overdue: false, dueToday: false,
  createdAt: '', updatedAt: '',
};

const quote = (answers: Record<string, unknown>, describedVehicle?: string) => ({
  id: 'Q', prices: [{ id: 'Q-1', insurer: 'Mutuelle Fictive de l’Ouest', formula: 'Tiers', yearlyCents: 36374, monthlyCents: 3092, periodDays: 365 }],
  recommended: null, validUntil: '2026-04-01', consent: false, chosen: 'Q-1', answers, vehicleDescribed: Boolean(describedVehicle), describedVehicle,
});

const clio = {
  vehicleYear: 2006, vehicleMake: 'Renault', vehicleModel: 'Clio', vehicleEnergy: 'diesel', vehicleFiscalPower: 5, vehicleValueKind: 'new', vehicleValueCents: 1500000,
};

afterEach(cleanup);

describe('onlinePanel', () => {
  it('flags a lead whose vehicle is not in the catalogue, not another', () => {
    render(<onlinePanel.Details request={request} detail={{ quote: quote(clio, 'Renault Clio 2006, 5\u00a0CV, diesel, valeur à neuf 15\u202f000\u00a0€') }} onChange={() => {}} />);
    expect(document.body.textContent).toContain('VéhiculeRenault Clio 2006, 5\u00a0CV, diesel, valeur à neuf 15\u202f000\u00a0€ · véhicule hors catalogue, décrit par le client');
    cleanup();
    render(<onlinePanel.Details request={request} detail={{ quote: quote({ vehicleId: 'peugeot-208-12-puretech-100' }) }} onChange={() => {}} />);
    expect(document.body.textContent).not.toContain('hors catalogue');
  });
});
