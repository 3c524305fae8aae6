import { describe, expect, it } from 'vitest';
import { parseEuros } from '../../lib/format';
import { addToDate, emptyOffer, placeServerError, todayInParis, toDraft, validateOfferFields, type OfferFields } from './quote-offer-form';

const today = '2026-03-02';

function good(over: Partial<OfferFields> = {}): OfferFields {
  return {
    insurer: 'Allianz', productName: 'Auto Confort', monthly: '45,90', yearly: '520', guarantees: 'Responsabilité civile\n\nBris de glace\n',
    deductible: '300', validUntil: '2026-04-01', note: '', ...over,
  };
}

describe('parseEuros', () => {
  it.each([
    ['45', 4500], ['45,9', 4590], ['45,90', 4590], ['45.90', 4590], ['1 234,56', 123456], ['1\u202f234,56\u00a0€', 123456], ['0', 0], ['999999,99', 99999999],
  ])('reads %j as %d cents', (text, cents) => expect(parseEuros(text)).toBe(cents));
  it.each(['', 'abc', '-5', '45,901', '1,234.56', '4 5 ,', 'NaN', 'Infinity', '1e5', '9'.repeat(20)])('refuses %j', (text) => expect(parseEuros(text)).toBeNull());
});

describe('dates', () => {
  it('counts a year as Go does, 29 February included', () => {
    expect(addToDate('2026-03-02', 1)).toBe('2027-03-02');
    expect(addToDate('2028-02-29', 1)).toBe('2029-03-01');
    expect(addToDate('2026-12-20', 0, 30)).toBe('2027-01-19');
    expect(emptyOffer(today).validUntil).toBe('2026-04-01');
  });
  it("takes today's date in Paris, not in UTC", () => {
    expect(todayInParis(new Date('2026-03-02T22:59:00Z'))).toBe('2026-03-02');
    expect(todayInParis(new Date('2026-03-02T23:00:00Z'))).toBe('2026-03-03');
    expect(todayInParis(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
    expect(todayInParis(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });
});

describe('validateOfferFields', () => {
  it('accepts a good offer and drafts it in cents, blank lines left out', () => {
    expect(validateOfferFields(good(), today)).toEqual({});
    expect(toDraft(good({ note: '  Sans engagement. ' }))).toEqual({
      insurer: 'Allianz', productName: 'Auto Confort', monthlyCents: 4590, yearlyCents: 52000,
      guarantees: ['Responsabilité civile', 'Bris de glace'], deductibleCents: 30000, validUntil: '2026-04-01', note: 'Sans engagement.',
    });
  });
  it.each<[string, Partial<OfferFields>, keyof OfferFields, string]>([
    ['no insurer', { insurer: ' ' }, 'insurer', 'Indiquez l’assureur.'],
    ['long insurer', { insurer: 'a'.repeat(81) }, 'insurer', '80\u00a0caractères'],
    ['no product', { productName: '' }, 'productName', 'Indiquez le nom de la formule proposée.'],
    ['no monthly', { monthly: '' }, 'monthly', 'Indiquez la prime mensuelle.'],
    ['monthly as text', { monthly: 'quarante' }, 'monthly', 'par exemple 45,90'],
    ['negative', { monthly: '-45' }, 'monthly', 'par exemple 45,90'],
    ['zero', { monthly: '0' }, 'monthly', 'supérieure à 0\u00a0€'],
    ['a million', { yearly: '1000000' }, 'yearly', 'inférieur à 1\u202f000\u202f000,00\u00a0€'],
    ['below 10 monthly', { yearly: '458,99' }, 'yearly', 'soit entre 459,00\u00a0€ et 573,75\u00a0€.'],
    ['above 12.5 monthly', { yearly: '573,76' }, 'yearly', 'entre 10 et 12,5'],
    ['no guarantee', { guarantees: '\n \n' }, 'guarantees', 'Indiquez au moins une garantie.'],
    ['13 guarantees', { guarantees: Array.from({ length: 13 }, (_, i) => `G${i}`).join('\n') }, 'guarantees', '12 garanties au plus'],
    ['long guarantee', { guarantees: `a\n${'b'.repeat(121)}` }, 'guarantees', 'Garantie 2\u00a0: une garantie ne peut pas dépasser'],
    ['twice', { guarantees: 'Vol\nIncendie\nVol' }, 'guarantees', 'Garantie 3\u00a0: cette garantie figure déjà'],
    ['no deductible', { deductible: '' }, 'deductible', '0 s’il n’y en a pas'],
    ['no date', { validUntil: '' }, 'validUntil', 'jusqu’à quand'],
    ['no such day', { validUntil: '2026-02-30' }, 'validUntil', 'jusqu’à quand'],
    ['yesterday', { validUntil: '2026-03-01' }, 'validUntil', 'passée'],
    ['a year and a day', { validUntil: '2027-03-03' }, 'validUntil', 'jusqu’au 2\u00a0mars 2027'],
    ['long note', { note: 'n'.repeat(2001) }, 'note', '2\u00a0000'],
  ])('%s', (_, over, field, message) => {
    const errors = validateOfferFields(good(over), today);
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toContain(message);
  });
  it('accepts the bounds: exactly 10 and 12.5 monthly, today, a year ahead', () => {
    for (const over of [{ yearly: '459' }, { yearly: '573,75' }, { validUntil: today }, { validUntil: '2027-03-02' }, { deductible: '0' }]) {
      expect(validateOfferFields(good(over), today)).toEqual({});
    }
  });
});

describe('placeServerError', () => {
  it('puts each error of the server next to its field', () => {
    expect(placeServerError('offers.1.yearlyCents', 'Trop.')).toEqual({ index: 1, field: 'yearly', message: 'Trop.' });
    expect(placeServerError('offers.0.guarantees.2', 'Ce texte contient des caractères non autorisés.'))
      .toEqual({ index: 0, field: 'guarantees', message: 'Garantie 3\u00a0: Ce texte contient des caractères non autorisés.' });
    expect(placeServerError('offers', 'Ajoutez au moins une offre.')).toBeNull();
    expect(placeServerError('offers.monthlyCents', 'Le champ n\'a pas le bon type.')).toBeNull();
    expect(placeServerError(undefined, 'Prenez d\'abord cette demande en charge.')).toBeNull();
  });
});
