import { describe, expect, it } from 'vitest';
import type { ClaimMove } from './claim-api';
import { emptyMove, indemnityCents, moveField, moveInput } from './claim-move-form';

const moves: ClaimMove[] = [
  { status: 'expertise', label: 'Expertise', needs: '' },
  { status: 'pieces', label: 'En attente de pièces', needs: 'asked' },
  { status: 'indemnified', label: 'Indemnisé', needs: 'amountCents' },
  { status: 'refused', label: 'Refusé', needs: 'reason' },
  { status: 'transmitted', label: "Transmis à l'assureur", needs: 'insurerRef' },
];

describe('indemnityCents', () => {
  it.each([
    ['1 250,50', 125050],
    ['1\u00a0250,50', 125050],
    ['1\u202f250,5', 125050],
    ['1250.5', 125050],
    ['800', 80000],
    ['800 €', 80000],
    [' 0,01 ', 1],
    ['10 000 000', 1_000_000_000],
  ])('reads %j as %d cents', (text, cents) => expect(indemnityCents(text)).toBe(cents));

  it.each(['', '0', '0,00', '-12', '12,345', '1.250,50', 'douze', '10 000 000,01', '1e5'])('refuses %j', (text) => {
    expect(indemnityCents(text)).toBeNull();
  });
});

describe('moveInput', () => {
  it('asks for a status first', () => {
    expect(moveInput(emptyMove, moves)).toEqual({ errors: { status: 'Choisissez la nouvelle étape du sinistre.' } });
    expect(moveInput({ ...emptyMove, status: 'closed' }, moves)).toHaveProperty('errors.status');
  });

  it('sends only the field the move needs, trimmed, with the note', () => {
    const f = { ...emptyMove, status: 'indemnified', amount: '1 250,50', insurerRef: 'SIN-1', reason: 'ignoré', note: '  Bonne journée. ' };
    expect(moveInput(f, moves)).toEqual({
      input: { status: 'indemnified', insurerRef: '', asked: '', amountCents: 125050, reason: '', note: 'Bonne journée.' },
    });
    expect(moveInput({ ...emptyMove, status: 'transmitted', insurerRef: ' 2026-SIN-4471 ' }, moves)).toEqual({
      input: { status: 'transmitted', insurerRef: '2026-SIN-4471', asked: '', amountCents: 0, reason: '', note: '' },
    });
    expect(moveInput({ ...emptyMove, status: 'expertise', asked: 'ignoré' }, moves)).toEqual({
      input: { status: 'expertise', insurerRef: '', asked: '', amountCents: 0, reason: '', note: '' },
    });
  });

  it.each([
    ['transmitted', 'insurerRef'],
    ['pieces', 'asked'],
    ['indemnified', 'amountCents'],
    ['refused', 'reason'],
  ])('refuses %s without its %s', (status, field) => {
    const out = moveInput({ ...emptyMove, status }, moves);
    expect(Object.keys((out as { errors: object }).errors)).toEqual([field]);
  });

  it('refuses an amount that is not one', () => {
    expect(moveInput({ ...emptyMove, status: 'indemnified', amount: '12,345' }, moves)).toEqual({
      errors: { amountCents: 'Écrivez un montant en euros, par exemple 1 250,50 (10 millions au plus).' },
    });
  });

  it('knows the fields the server may name', () => {
    expect(moveField('amountCents')).toBe('amountCents');
    expect(moveField('body')).toBeUndefined();
    expect(moveField(undefined)).toBeUndefined();
  });
});
