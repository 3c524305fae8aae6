import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Contract, Incident, Payment } from './api';
import { ContractDocuments } from './contract-parts';
import { IncidentNotice, withheldReason } from './payment-incident';
import { PaymentsTable, paymentsCaption } from './payments-table';
import { RenewalLine, RenewalNotice } from './renewal-notice';

afterEach(cleanup);

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s/g, ' ') ?? '';

const payments: Payment[] = [
  { dueDate: '2026-12-08', amountCents: 4831, status: 'paid', statusLabel: 'Payé' },
  { dueDate: '2027-01-08', amountCents: 4831, status: 'rejected', statusLabel: 'Rejeté', reasonCode: 'AM04', reasonLabel: 'Provision insuffisante' },
  { dueDate: '2027-02-08', amountCents: 4831, status: 'sent', statusLabel: 'Envoyé' },
  { dueDate: '2027-03-08', amountCents: 4831, status: 'scheduled', statusLabel: 'Prévu' },
];
const numbered: Payment[] = [
  { seq: 1, dueDate: '2027-01-08', amountCents: 4831, status: 'rejected', statusLabel: 'Rejeté', reasonCode: 'AM04', reasonLabel: 'provision insuffisante' },
  { seq: 13, dueDate: '2027-01-15', amountCents: 4831, status: 'scheduled', statusLabel: 'Prévu', represents: 1 },
  { seq: 14, dueDate: '2027-01-20', amountCents: 4831, status: 'scheduled', statusLabel: 'Prévu', represents: 9 },
];

const incident: Incident = {
  dueDate: '2027-01-08', amountCents: 4831, reasonLabel: 'Provision insuffisante', reference: 'IMP-CTR-2026-000042-02',
  iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', noticeAt: '2027-01-18', suspendAt: '2027-02-17', terminateAt: '2027-02-27',
  stage: 'open', stageLabel: 'Ouvert',
};

const contract = {
  id: 'c1', number: 'CTR-2026-000042', status: 'active', statusLabel: 'Actif', source: 'price', sourceId: 'q-1',
  product: 'car', productLabel: 'Assurance auto', insurer: 'Mutuelle Fictive', formula: 'Tiers', holder: { name: 'Camille Martin', email: 'c@exemple.fr', address: '1 rue A', postalCode: '69002', city: 'Lyon' },
  risk: { lines: [] }, guarantees: [], startDate: '2026-12-08', yearlyCents: 57972, monthlyCents: 4831, taxesCents: 1000, deductibleCents: 0, rhythm: 'monthly',
  createdAt: '', missing: [], proofs: [], history: [], actions: ['cancel'], documents: [], schedule: [],
  period: { start: '2026-12-08', end: '2027-12-07' }, renewalDeadline: '2027-10-08',
} as unknown as Contract;

describe('PaymentsTable', () => {
  it('gives each debit its date, amount and status, and a rejection its reason', () => {
    render(<PaymentsTable payments={payments} caption="Échéancier de la première année" />);
    const table = screen.getByRole('table', { name: 'Échéancier de la première année' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map(text).join(' | '));
    expect(rows).toEqual([
      '8 décembre 2026 | 48,31 € | Payé',
      '8 janvier 2027 | 48,31 € | Rejeté Provision insuffisante',
      '8 février 2027 | 48,31 € | Envoyé',
      '8 mars 2027 | 48,31 € | Prévu',
    ]);
    expect(table.querySelector('.payment-status-rejected')?.textContent).toBe('Rejeté');
  });

  it('says which debit a new presentation presents again', () => {
    render(<PaymentsTable payments={numbered} caption="Échéances" />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => text(within(r).getAllByRole('cell')[0]));
    expect(rows).toEqual(['8 janvier 2027', '15 janvier 2027 Nouvelle présentation du prélèvement du 8 janvier 2027', '20 janvier 2027 Nouvelle présentation du prélèvement n° 9']);
  });

  it('names the first year until the contract renews', () => {
    expect(paymentsCaption('2026-12-08')).toBe('Échéancier de la première année');
    expect(paymentsCaption('2026-12-08', '2026-12-08')).toBe('Échéancier de la première année');
    expect(paymentsCaption('2026-12-08', '2027-12-08')).toBe('Échéancier depuis le 8\u00a0décembre 2026');
  });
});

describe('IncidentNotice', () => {
  it('says what happened, what comes next and when, and how to pay', () => {
    render(<IncidentNotice incident={incident} />);
    const region = screen.getByRole('region', { name: 'Un prélèvement a été rejeté' });
    const t = text(region);
    expect(t).toContain('Votre banque a rejeté le prélèvement de 48,31 € du 8 janvier 2027 : provision insuffisante.');
    expect(t).toContain('Le 18 janvier 2027 : mise en demeure par lettre recommandée');
    expect(t).toContain('Le 17 février 2027 : suspension de vos garanties');
    expect(t).toContain('Le 27 février 2027 : résiliation de votre contrat pour non-paiement');
    expect(t).not.toContain('seconde et dernière fois');
    expect(t).toContain('Par virement, dès aujourd’hui :');
    const transfer = region.querySelector('dl.incident-transfer');
    expect(text(transfer)).toContain('IBANFR76 3000 6000 0112 3456 7890 189');
    expect(text(transfer)).toContain('BICAGRIFRPP');
    expect(text(transfer)).toContain('Référence à indiquerIMP-CTR-2026-000042-02');
    expect(text(transfer)).toContain('Montant48,31 €');
    expect(t).toContain('vos garanties reprennent le lendemain à midi');
  });

  it('gives the day the debit is presented again, when it is', () => {
    render(<IncidentNotice incident={{ ...incident, representDate: '2027-01-15' }} />);
    const t = text(screen.getByRole('region'));
    expect(t).toContain('Sans rien faire : nous présenterons ce prélèvement une seconde et dernière fois le 15 janvier 2027.');
    expect(t).toContain('Ou dès aujourd’hui, par virement :');
  });

  it('says the notice sent and, once suspended, that the contract is suspended and why', () => {
    const { rerender } = render(<IncidentNotice incident={{ ...incident, stage: 'notice' }} />);
    expect(text(screen.getByRole('region'))).toContain('Mise en demeure envoyée le 18 janvier 2027');
    rerender(<IncidentNotice incident={{ ...incident, stage: 'suspended' }} />);
    const region = screen.getByRole('region', { name: 'Votre contrat est suspendu' });
    const t = text(region);
    expect(t).toContain('Garanties suspendues depuis le 17 février 2027.');
    expect(t).toContain('votre attestation d’assurance ne peut pas être téléchargée');
    expect(t).toContain('Le 27 février 2027 : résiliation');
  });

  it('does not offer the next debit once terminated, and tells when the cover comes back once paid', () => {
    const { rerender } = render(<IncidentNotice incident={{ ...incident, stage: 'terminated', representDate: '2027-01-15' }} />);
    const t = text(screen.getByRole('region', { name: 'Votre contrat est résilié pour non-paiement' }));
    expect(t).not.toContain('seconde et dernière fois');
    expect(t).toContain('Ce montant reste dû');
    rerender(<IncidentNotice incident={{ ...incident, stage: 'closed', coverBackAt: '2027-02-21T11:00:00Z' }} />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(text(screen.getByRole('status'))).toContain('vos garanties reprennent le 21 février 2027 à midi');
    rerender(<IncidentNotice incident={{ ...incident, stage: 'closed' }} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('ContractDocuments withheld', () => {
  const doc = (kind: string, title: string) => ({ id: `d-${kind}`, kind, title, url: `/api/contracts/c1/documents/d-${kind}`, sha256: 'x', issuedAt: '2026-12-07T09:00:00Z', signed: true });
  const docs = [doc('conditions', 'Conditions particulières'), doc('memo', 'Mémo Véhicule Assuré')];

  it('replaces the Mémo’s links by the reason, and keeps the other documents', () => {
    render(<ContractDocuments documents={docs} signedAt="2026-12-07T09:00:00Z" withheld={withheldReason} />);
    expect(screen.queryByRole('link', { name: /Mémo Véhicule Assuré/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: /Conditions particulières/ })).toHaveLength(2);
    expect(text(screen.getByText(/Indisponible tant que votre contrat est suspendu/))).toContain('pour non-paiement');
  });

  it('offers every link when nothing is withheld', () => {
    render(<ContractDocuments documents={docs} signedAt="2026-12-07T09:00:00Z" />);
    expect(screen.getAllByRole('link', { name: /Mémo Véhicule Assuré/ })).toHaveLength(2);
  });
});

describe('RenewalLine', () => {
  it('gives the renewal day and the last day to refuse it, all year', () => {
    render(<RenewalLine contract={contract} />);
    expect(text(screen.getByText(/se renouvelle/))).toBe('Votre contrat se renouvelle le 8 décembre 2027 : vous pouvez refuser le renouvellement jusqu’au 8 octobre 2027.');
  });

  it('says nothing when the server does not, or for a contract that ends', () => {
    const { container, rerender } = render(<RenewalLine contract={{ ...contract, renewalDeadline: undefined }} />);
    expect(container.textContent).toBe('');
    rerender(<RenewalLine contract={{ ...contract, status: 'cancel_requested' }} />);
    expect(container.textContent).toBe('');
  });

  it('recalls the 20 days of a late notice', () => {
    render(<RenewalLine contract={{ ...contract, renewal: { noticeSentAt: '2027-11-20T08:00:00Z', late: true, yearlyCents: 1, monthlyCents: 0, previousYearlyCents: 1, changes: [] } }} />);
    expect(text(screen.getByText(/se renouvelle/))).toContain('envoyé le 20 novembre 2027, après le délai légal : vous pouvez résilier votre contrat dans les 20 jours');
  });
});

describe('RenewalNotice', () => {
  const renewal = {
    noticeSentAt: '2027-09-01T06:00:00Z', late: false, yearlyCents: 61_500, monthlyCents: 5_125, previousYearlyCents: 57_972,
    changes: [['× âge du conducteur (46 ans)', '0,95', '0,97'], ['Tarif de l’assureur', '512,00 €', '540,00 €']] as [string, string, string][],
  };

  it('shows the new price, the difference, what changed, the deadline and where to compare', () => {
    render(<MemoryRouter><RenewalNotice contract={{ ...contract, renewal }} /></MemoryRouter>);
    const region = screen.getByRole('region', { name: 'Votre prix à partir du 8\u00a0décembre 2027' });
    const t = text(region);
    expect(t).toContain('Avis d’échéance envoyé le 1er septembre 2027.');
    expect(t).toContain('Cette année579,72 € par an');
    expect(t).toContain('Nouveau prix615,00 € par an (51,25 € par mois)');
    expect(t).toContain('Différence+35,28 € par an');
    expect(within(region).getAllByRole('listitem').map(text)).toEqual(['× âge du conducteur (46 ans) : 0,95 → 0,97', 'Tarif de l’assureur : 512,00 € → 540,00 €']);
    expect(t).toContain('vous pouvez refuser le renouvellement jusqu’au 8 octobre 2027');
    expect(within(region).getByRole('link', { name: 'Comparer les offres de nos assureurs' }).getAttribute('href')).toBe('/prix/auto');
  });

  it('lists what moved the price, and folds a coefficient whose figure stayed', () => {
    const changes: [string, string, string][] = [
      ['× âge du conducteur', '45\u00a0ans\u00a0: 1,00', '46\u00a0ans\u00a0: 1,00'],
      ['× bonus-malus', 'relevé d’information\u00a0: 0,60', 'relevé d’information\u00a0: 0,57'],
      ['× option', '', '1,10'],
      ['Tarif de l’assureur', '512,00\u00a0€', '540,00\u00a0€'],
    ];
    render(<MemoryRouter><RenewalNotice contract={{ ...contract, renewal: { ...renewal, changes } }} /></MemoryRouter>);
    const region = screen.getByRole('region');
    const listed = [...region.querySelectorAll('h3 + ul > li')].map(text);
    expect(listed).toEqual(['× bonus-malus : relevé d’information : 0,60 → relevé d’information : 0,57', '× option : — → 1,10', 'Tarif de l’assureur : 512,00 € → 540,00 €']);
    const folded = region.querySelector('details.contract-changes-same');
    expect(folded?.querySelector('summary')?.textContent).toBe('Autres lignes recalculées, sans effet sur le prix (1)');
    expect([...(folded?.querySelectorAll('li') ?? [])].map(text)).toEqual(['× âge du conducteur : 45 ans : 1,00 → 46 ans : 1,00']);
  });

  it('takes the new year’s first day from the server, and folds its debits', () => {
    render(<MemoryRouter><RenewalNotice contract={{ ...contract, renewal: { ...renewal, start: '2027-12-09', schedule: [{ date: '2027-12-09', amountCents: 5125 }, { date: '2028-01-09', amountCents: 5125 }] } }} /></MemoryRouter>);
    const region = screen.getByRole('region', { name: 'Votre prix à partir du 9\u00a0décembre 2027' });
    expect(region.querySelector('details summary')?.textContent).toBe('Vos prélèvements de la nouvelle année');
    expect([...region.querySelectorAll('details li')].map(text)).toEqual(['9 décembre 2027 : 51,25 €', '9 janvier 2028 : 51,25 €']);
  });

  it('follows the server’s link to compare, says a lower price, and nothing before the notice', () => {
    const { container, rerender } = render(<MemoryRouter><RenewalNotice contract={{ ...contract, renewal: { ...renewal, yearlyCents: 55_000, changes: [], compareUrl: '/prix/auto?depuis=c1' } }} /></MemoryRouter>);
    expect(text(screen.getByRole('region'))).toContain('Différence\u221229,72 € par an');
    expect(screen.queryByRole('heading', { name: 'Ce qui a changé' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Comparer les offres de nos assureurs' }).getAttribute('href')).toBe('/prix/auto?depuis=c1');
    rerender(<MemoryRouter><RenewalNotice contract={contract} /></MemoryRouter>);
    expect(container.textContent).toBe('');
  });
});
