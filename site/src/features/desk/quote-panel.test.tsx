import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { quotePanel } from './quote-panel';
import { kindPanels } from './kinds';
import { setSessionUser, type SessionUser } from '../../lib/session';
import type { Offer, QuoteRequest } from '../quotes/quotes';
import type { DeskRequest } from './types';

function user(uid: string, role: SessionUser['role']): SessionUser {
  return { uid, email: `${uid}@exemple.fr`, displayName: uid, role, status: 'active', emailConfirmed: true, twoFactor: true, createdAt: '', updatedAt: '' };
}

function request(over: Partial<DeskRequest> = {}): DeskRequest {
  return {
    id: 'q1', kind: 'quote', kindLabel: 'Devis', ref: 'DV-2026-000001', client: true, name: 'Claire Dubois', email: 'claire@exemple.fr', phone: '',
    product: 'car', summary: 'Assurance auto', status: 'in_review', statusLabel: "En cours d'étude", clientStatusLabel: "En cours d'étude",
    waiting: true, assignee: { uid: 'agent', name: 'Julien' }, dueAt: '', overdue: false, dueToday: false, createdAt: '', updatedAt: '', ...over,
  };
}

const offer: Offer = {
  id: 'o1', insurer: 'Allianz', productName: 'Auto Confort', monthlyCents: 4590, yearlyCents: 52000, guarantees: ['Vol', 'Incendie'],
  deductibleCents: 30000, validUntil: '2026-04-01', note: '', status: 'declined', statusLabel: 'Non retenue', expired: false, acceptable: false,
  createdByName: 'Julien', createdAt: '2026-03-02T09:00:00.000Z', decidedAt: '2026-03-03T09:00:00.000Z',
};

const quote: QuoteRequest = {
  id: 'q1', ref: 'DV-2026-000001', uid: 'u1', product: 'car', status: 'declined', statusLabel: 'Offres refusées',
  details: { brand: 'peugeot', model: '208', year: 2019, energy: 'essence', usage: 'prive', licenceYear: 2010, cover: 'tiers' },
  contact: { method: 'phone', phone: '0639981234' }, message: 'Plutôt le matin.', createdAt: '', updatedAt: '',
  decidable: false, offers: [offer], declineReason: 'Trop cher pour moi.', declinedAt: '2026-03-03T09:00:00.000Z', replies: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

/** Fills offer i of the form with a valid offer. */
function fill(i: number) {
  const set = (id: string, value: string) => fireEvent.change(document.getElementById(`offre-${i}-${id}`)!, { target: { value } });
  set('insurer', 'Allianz');
  set('productName', 'Auto Confort');
  set('monthly', '45,90');
  set('yearly', '520');
  set('guarantees', 'Vol\nIncendie');
  set('deductible', '0');
}

describe('quotePanel', () => {
  it('is the registered panel of quote requests', () => {
    expect(kindPanels.quote).toBe(quotePanel);
  });

  it("shows the client's answers, the offers with their status and the refusal", () => {
    render(<quotePanel.Details request={request()} detail={{ quote }} onChange={() => {}} />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('Peugeot 208 (2019, essence)');
    expect(text).toContain('Plutôt le matin.');
    expect(text).toContain('Par téléphone au 06\u00a039\u00a098\u00a012\u00a034');
    expect(text).toContain('Allianz · Auto Confort');
    expect(text).toContain('Non retenue');
    expect(text).toContain('45,90\u00a0€ par mois · 520,00\u00a0€ par an · franchise 300,00\u00a0€');
    expect(text).toContain('Trop cher pour moi.');
    expect(text).toContain('Offres refusées le 3\u00a0mars 2026');
    cleanup();
    render(<quotePanel.Details request={request()} detail={null} onChange={() => {}} />);
    expect(screen.getByRole('alert').textContent).toContain("n’ont pas pu être lues");
  });

  it.each<[string, Partial<DeskRequest>, SessionUser, RegExp]>([
    ['offers await the client', { status: 'offered' }, user('agent', 'agent'), /repassez la demande/],
    ['an offer was chosen', { status: 'accepted' }, user('agent', 'agent'), /Le client a choisi une offre/],
    ['closed', { status: 'closed' }, user('agent', 'agent'), /clôturée/],
    ['another agent holds it', {}, user('autre', 'agent'), /Prenez d’abord cette demande en charge/],
    ['nobody holds it', { assignee: null }, user('agent', 'agent'), /Prenez d’abord/],
  ])('shows no form when %s', (_, over, who, why) => {
    setSessionUser(who);
    render(<quotePanel.Actions request={request(over)} detail={{ quote }} onChange={() => {}} />);
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.body.textContent).toMatch(why);
  });

  it('sends valid offers in cents, and puts every error next to its field', async () => {
    setSessionUser(user('admin', 'admin'));
    const calls: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init?: RequestInit) => {
      calls.push(JSON.parse(init?.body as string));
      return new Response(JSON.stringify({ quote }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }));
    const onChange = vi.fn();
    render(<quotePanel.Actions request={request({ assignee: null })} detail={{ quote }} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer les offres' }));
    const insurer = screen.getByLabelText('Assureur');
    expect(insurer.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(insurer.getAttribute('aria-describedby')!)?.textContent).toBe('Indiquez l’assureur.');
    expect(screen.getByRole('alert').textContent).toBe('Corrigez les champs signalés.');
    expect(calls).toHaveLength(0);

    fill(0);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une offre' }));
    expect(screen.getByRole('group', { name: 'Offre 2' })).toBeTruthy();
    fill(1);
    fireEvent.change(document.getElementById('offre-1-monthly')!, { target: { value: '31' } });
    fireEvent.change(document.getElementById('offre-1-yearly')!, { target: { value: '340' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer les offres' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const body = calls[0] as { offers: { monthlyCents: number; yearlyCents: number; guarantees: string[] }[] };
    expect(body.offers.map((o) => [o.monthlyCents, o.yearlyCents])).toEqual([[4590, 52000], [3100, 34000]]);
    expect(body.offers[0]!.guarantees).toEqual(['Vol', 'Incendie']);
    expect(screen.getByRole('status').textContent).toContain('Les offres sont envoyées.');
    expect(screen.queryByRole('group', { name: 'Offre 2' })).toBeNull();
  });

  it("puts the server's refusal next to the field it names", async () => {
    setSessionUser(user('agent', 'agent'));
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'Ce texte contient des caractères non autorisés.', code: 'invalid', field: 'offers.0.guarantees.1' }),
      { status: 400, headers: { 'Content-Type': 'application/json' } })));
    render(<quotePanel.Actions request={request()} detail={{ quote }} onChange={() => {}} />);
    fill(0);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer les offres' }));
    const guarantees = screen.getByLabelText('Garanties principales');
    await waitFor(() => expect(guarantees.getAttribute('aria-invalid')).toBe('true'));
    expect(document.body.textContent).toContain('Garantie 2\u00a0: Ce texte contient des caractères non autorisés.');
  });
});
