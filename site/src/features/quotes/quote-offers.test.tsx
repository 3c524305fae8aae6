import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { QuoteOffers, reasonError } from './quote-offers';
import { formatEuros, splitOffers, type Offer, type QuoteRequest } from './quotes';

function offer(id: string, over: Partial<Offer> = {}): Offer {
  return {
    id, insurer: 'Allianz', productName: 'Auto Confort', monthlyCents: 123456, yearlyCents: 1400000,
    guarantees: ['Responsabilité civile', 'Bris de glace'], deductibleCents: 30000, validUntil: '2026-11-22', note: 'Avec assistance 0 km.',
    status: 'proposed', statusLabel: 'Proposée', expired: false, acceptable: true, createdByName: 'Julien Conseil',
    createdAt: '2026-11-02T09:00:00.000Z', decidedAt: '', ...over,
  };
}

function quote(over: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    id: 'q1', ref: 'DV-2026-000001', uid: 'u1', product: 'car', status: 'offered', statusLabel: 'Offres à consulter',
    details: {}, contact: { method: 'email', phone: '' }, message: '', createdAt: '2026-11-01T09:00:00.000Z', updatedAt: '2026-11-02T09:00:00.000Z',
    decidable: true, offers: [offer('o1'), offer('o2', { insurer: 'MAAF', productName: 'Essentiel', monthlyCents: 3100, yearlyCents: 34000, deductibleCents: 0, note: '' })],
    declineReason: '', declinedAt: '', replies: [], ...over,
  };
}

/** A fake server: every decision succeeds unless told otherwise, answering like pkg/web/offers.go. */
function fakeServer(answer?: { status: number; body: unknown }) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const body = JSON.parse(init?.body as string) as { offerId?: string; reason?: string };
    calls.push({ url, body });
    if (answer) return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    const q = quote();
    const updated = url.endsWith('/accept')
      ? { ...q, status: 'accepted', decidable: false, offers: q.offers.map((o) => ({ ...o, acceptable: false, status: o.id === body.offerId ? 'accepted' : 'declined' })) }
      : { ...q, status: 'declined', decidable: false, declineReason: body.reason, declinedAt: '2026-11-03T10:00:00.000Z', offers: q.offers.map((o) => ({ ...o, acceptable: false, status: 'declined', statusLabel: 'Non retenue' })) };
    return new Response(JSON.stringify({ quote: updated }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }));
  return calls;
}

function Harness({ initial }: { initial: QuoteRequest }) {
  const [q, setQ] = useState(initial);
  return <QuoteOffers quote={q} onChange={setQ} />;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('formatEuros and splitOffers', () => {
  it('writes amounts the French way', () => {
    expect(formatEuros(123456)).toBe('1\u202f234,56\u00a0€');
    expect(formatEuros(5)).toBe('0,05\u00a0€');
    expect(formatEuros(100000000)).toBe('1\u202f000\u202f000,00\u00a0€');
  });
  it('keeps the latest sending apart from the older ones', () => {
    const older = offer('o0', { createdAt: '2026-11-01T09:00:00.000Z', status: 'withdrawn' });
    expect(splitOffers([offer('o1'), offer('o2'), older])).toEqual({ current: [offer('o1'), offer('o2')], older: [older] });
    expect(splitOffers([])).toEqual({ current: [], older: [] });
  });
  it('checks a reason as the server does', () => {
    expect(reasonError(' \n ')).toBe('Dites-nous pourquoi ces offres ne vous conviennent pas.');
    expect(reasonError('é'.repeat(1000))).toBe('');
    expect(reasonError('é'.repeat(1001))).toBe('Le motif ne peut pas dépasser 1\u00a0000\u00a0caractères.');
  });
});

describe('QuoteOffers', () => {
  it('shows each offer with French prices, guarantees, deductible and validity', () => {
    render(<Harness initial={quote()} />);
    const cards = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(cards).toHaveLength(2);
    expect(cards[0].textContent).toContain('1\u202f234,56\u00a0€ par mois');
    expect(cards[0].textContent).toContain('ou 14\u202f000,00\u00a0€ par an');
    expect(cards[0].textContent).toContain('Responsabilité civile');
    expect(cards[0].textContent).toContain('300,00\u00a0€');
    expect(cards[0].textContent).toContain('Valable jusqu’au 22\u00a0novembre 2026');
    expect(cards[0].textContent).toContain('Avec assistance 0\u00a0km.');
    expect(cards[1].textContent).toContain('Sans franchise');
    expect(document.querySelector('.offers-sent')?.textContent).toBe('Proposées le 2\u00a0novembre 2026\u00a0par Julien Conseil');
  });

  it('asks for confirmation, then marks the chosen offer and greys the other', async () => {
    const calls = fakeServer();
    render(<Harness initial={quote()} />);
    const choose = screen.getAllByRole('button', { name: 'Choisir cette offre' }) as [HTMLElement, HTMLElement];
    fireEvent.click(choose[1]);
    const title = screen.getByRole('heading', { name: 'Confirmer votre choix' });
    expect(document.activeElement).toBe(title);
    expect(title.nextElementSibling?.textContent).toMatch(/^Vous choisissez «\u00a0Essentiel\u00a0» de MAAF à 31,00\u00a0€ par mois\./);
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(document.activeElement).toBe(choose[1]);
    expect(calls).toHaveLength(0);

    fireEvent.click(choose[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer mon choix' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/vous avez choisi «\u00a0Auto Confort\u00a0» d’Allianz/));
    expect(calls).toEqual([{ url: '/api/quotes/q1/accept', body: { offerId: 'o1' } }]);
    const items = screen.getAllByRole('listitem').filter((li) => li.classList.contains('offer-card')) as [HTMLElement, HTMLElement];
    expect(items[0].classList).toContain('offer-card-chosen');
    expect(items[1].classList).toContain('offer-card-settled');
    expect(screen.queryByRole('button', { name: 'Choisir cette offre' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refuser les offres' })).toBeNull();
  });

  it('requires a reason to decline, next to the field, then shows it', async () => {
    const calls = fakeServer();
    render(<Harness initial={quote()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refuser les offres' }));
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refuser les offres' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refuser les offres' }));
    const reason = screen.getByLabelText('Pourquoi ces offres ne vous conviennent-elles pas ?');
    expect(document.activeElement).toBe(reason);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer mon refus' }));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(reason.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent).toBe('Dites-nous pourquoi ces offres ne vous conviennent pas.');
    expect(calls).toHaveLength(0);
    fireEvent.change(reason, { target: { value: 'Trop cher pour moi.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer mon refus' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Votre refus est enregistré.'));
    expect(calls).toEqual([{ url: '/api/quotes/q1/decline', body: { reason: 'Trop cher pour moi.' } }]);
    expect(document.querySelector('.offer-declined')?.textContent).toBe('Vous avez refusé ces offres le 3\u00a0novembre 2026.Votre motif\u00a0: «\u00a0Trop cher pour moi.\u00a0»');
  });

  it("puts the server's refusal next to the reason, and other errors in the panel", async () => {
    fakeServer({ status: 400, body: { error: 'Ce texte contient des caractères non autorisés.', code: 'invalid', field: 'reason' } });
    render(<Harness initial={quote()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refuser les offres' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'trop\u202echer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer mon refus' }));
    await screen.findByText('Ce texte contient des caractères non autorisés.');
    expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
    cleanup();
    fakeServer({ status: 409, body: { error: "Cette offre n'était valable que jusqu'au 1er\u00a0avril 2026.", code: 'conflict' } });
    render(<Harness initial={quote()} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Choisir cette offre' })[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer mon choix' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Cette offre n'était valable que jusqu'au 1er\u00a0avril 2026.");
  });

  it('offers no choice on an expired offer or once decided', () => {
    render(<Harness initial={quote({ offers: [offer('o1', { expired: true, acceptable: false, statusLabel: 'Expirée' })] })} />);
    expect(screen.queryByRole('button', { name: 'Choisir cette offre' })).toBeNull();
    expect(document.querySelector('.offer-validity-expired')?.textContent).toBe('Expirée depuis le 22\u00a0novembre 2026');
    cleanup();
    render(<Harness initial={quote({ decidable: false, status: 'accepted' })} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
