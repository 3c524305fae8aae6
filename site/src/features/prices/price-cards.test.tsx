import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Price, PriceQuote } from './api';
import { PriceCards } from './price-cards';

afterEach(cleanup);

function price(insurer: string, formulaId: string, formula: string, rank: number, yearlyCents: number, monthlyCents: number): Price {
  return {
    id: `p-${insurer}-${formulaId}`, insurer, insurerId: insurer, formula, formulaId, rank, premiumCents: yearlyCents - 12680, taxesCents: 12680,
    yearlyCents, monthlyCents, periodDays: 365, deductibleCents: 25000,
    deductibles: [{ id: 'vol', label: 'Vol et incendie', cents: 25000, main: true }],
    guarantees: ['Responsabilité civile', 'Défense pénale', 'Vol', 'Incendie', 'Bris de glace', 'Catastrophes naturelles', 'Attentats'],
    trace: ['Prime de base Tiers étendu\u00a0: 770,00\u00a0€', 'Prime annuelle TTC\u00a0: 568,33\u00a0€'],
  };
}

const quote: PriceQuote = {
  id: 'q1', product: 'car', tariffVersion: '2026-11-1', validDays: 30, validUntil: '2026-12-27',
  disclaimer: 'Prix indicatif, confirmé après vérification de vos justificatifs.',
  prices: [
    price('Mutuelle Fictive de l’Ouest', 'tiers', 'Tiers', 1, 41210, 3503),
    price('Mutuelle Fictive de l’Ouest', 'tiers-etendu', 'Tiers étendu', 2, 56833, 4831),
    price('Assurances Exemple SA', 'tous-risques', 'Tous risques', 3, 123456, 10494),
  ],
  recommended: { id: 'p-Mutuelle Fictive de l’Ouest-tiers-etendu', insurer: 'Mutuelle Fictive de l’Ouest', formula: 'Tiers étendu', reason: 'Nous vous recommandons Tiers étendu chez Mutuelle Fictive de l’Ouest.' },
  notes: ['Loi Hamon : nous résilions votre contrat actuel pour vous.'],
};

function renderCards(onChoose?: (id: string) => void, chosen?: string) {
  render(<MemoryRouter><PriceCards quote={quote} onChoose={onChoose} chosen={chosen} /></MemoryRouter>);
}

const cards = () => screen.getAllByRole('article');

describe('PriceCards', () => {
  it('shows the reason of the advice above the cards and the badge on the recommended one only', () => {
    renderCards();
    expect(screen.getByText(/Nous vous recommandons Tiers étendu/).compareDocumentPosition(cards()[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const badged = cards().filter((c) => within(c).queryByText('Recommandé pour vous'));
    expect(badged).toHaveLength(1);
    expect(within(badged[0]!).getByRole('heading', { level: 3 }).textContent).toBe('Tiers étendu' + 'Mutuelle Fictive de l’Ouest');
  });

  it('writes prices the French way, taxes apart', () => {
    renderCards();
    const card = cards()[2]!;
    expect(card.textContent).toContain('104,94\u00a0€ par mois');
    expect(card.textContent).toContain('ou 1\u202f234,56\u00a0€ par an');
    expect(card.textContent).toContain('dont 126,80\u00a0€ de taxes et contributions');
    expect(card.textContent).toContain('Franchise vol et incendie\u00a0: 250,00\u00a0€');
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toContain('Responsabilité civile');
    expect(card.textContent).toContain('Et 2\u00a0autres garanties');
  });

  it('says until when the prices hold, that they are indicative, and the notes', () => {
    renderCards();
    expect(screen.getByText(/Prix valables jusqu’au/).textContent).toBe('Prix valables jusqu’au 27\u00a0décembre 2026. Prix indicatif, confirmé après vérification de vos justificatifs.');
    expect(screen.getByRole('list', { name: 'À savoir' }).textContent).toContain('Loi Hamon');
  });

  it('tells why a price is what it is in a closed disclosure', () => {
    renderCards();
    const details = cards()[1]!.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')?.textContent).toBe('Pourquoi ce prix\u00a0?');
    expect([...details.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(quote.prices[1]!.trace);
  });

  it('filters by formula with radio buttons', () => {
    renderCards();
    expect(cards()).toHaveLength(3);
    const all = screen.getByRole('radio', { name: 'Toutes les formules' });
    expect((all as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Tous risques' }));
    expect(cards()).toHaveLength(1);
    expect(cards()[0]!.textContent).toContain('Assurances Exemple SA');
    expect(screen.getByRole('status').textContent).toBe('1 prix affiché');
    fireEvent.click(all);
    expect(cards()).toHaveLength(3);
  });

  it('links each formula to its IPID', () => {
    renderCards();
    const link = within(cards()[0]!).getByRole('link', { name: 'Document d’information (IPID) de la formule Tiers' });
    expect(link.getAttribute('href')).toBe('/ipid/auto#tiers');
  });

  it('lets the visitor choose an offer', () => {
    const onChoose = vi.fn();
    renderCards(onChoose, quote.prices[0]!.id);
    const buttons = screen.getAllByRole('button');
    expect(buttons[0]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(buttons[2]!);
    expect(onChoose).toHaveBeenCalledWith(quote.prices[2]!.id);
  });
});
