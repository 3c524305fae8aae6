import { describe, expect, it } from 'vitest';
import { productIds } from '../../content/products';
import { choices, limits, productFields, type FieldSpec } from '../../content/quote-form';
import { formatPhone, labelOf, productTitle, summarize, type QuoteRequest } from './quotes';

function quote(product: QuoteRequest['product'], details: Record<string, unknown>, contact: QuoteRequest['contact'] = { method: 'email', phone: '' }): QuoteRequest {
  return {
    id: 'q1', ref: 'DV-2026-000001', uid: 'u1', product, status: 'received', statusLabel: 'Reçue', details, contact, message: '',
    createdAt: '2026-11-22T13:05:00.000Z', updatedAt: '2026-11-22T13:05:00.000Z',
    decidable: false, offers: [], declineReason: '', declinedAt: '', replies: [],
  };
}

/** The answer number k (0 or 1) to a question, two valid and different answers. */
function answer(f: FieldSpec, k: number): unknown {
  switch (f.kind) {
    case 'select':
    case 'radio':
      return choices[f.list][k]?.value;
    case 'checkboxes':
      return [choices[f.list][k]?.value];
    case 'yesno':
      return k === 0;
    case 'text':
      return ['Alpha', 'Bêta'][k];
    case 'integer':
      return limits[f.limit].min + k;
    case 'year':
    case 'birthYear':
      return 1984 + k;
    case 'coefficient':
      return [0.68, 1.25][k];
    case 'postalCode':
      return ['69002', '13001'][k];
    case 'date':
      return ['2026-12-01', '2026-12-02'][k];
  }
}

describe('summarize', () => {
  it('gives every answer of a car quote, the licence year and the bonus-malus included', () => {
    const q = quote('car', { brand: 'citroen', model: 'C3', year: 2018, energy: 'diesel', usage: 'trajet-travail', licenceYear: 2001, bonusMalus: 0.5, cover: 'tiers' });
    expect(summarize(q)).toEqual([
      { term: 'Véhicule', detail: 'Citroën C3 (2018, diesel)' },
      { term: 'Usage', detail: 'Privé et trajet domicile-travail' },
      { term: 'Permis de conduire', detail: 'Obtenu en 2001' },
      { term: 'Coefficient bonus-malus', detail: '0,50' },
      { term: 'Formule', detail: 'Tiers' },
      { term: 'Réponse souhaitée', detail: 'Par e-mail' },
    ]);
    const { bonusMalus: _, ...unknown } = q.details;
    expect(summarize({ ...q, details: unknown }).map((i) => i.term)).not.toContain('Coefficient bonus-malus');
  });

  // Every question of pkg/quote/form.json, as the site asks it, shows in the
  // summary: changing any one answer changes what "Mes devis" shows.
  describe.each(productIds)('every answer of a %s quote shows', (product) => {
    const fields = productFields[product];
    const base = Object.fromEntries(fields.map((f) => [f.name, answer(f, 0)]));
    if ('brandOther' in base) base.brand = 'autre';
    const shown = (details: Record<string, unknown>) => JSON.stringify(summarize(quote(product, details)));
    it.each(fields.map((f) => [f.name, f] as const))('%s', (_, field) => {
      expect(shown({ ...base, [field.name]: answer(field, 1) })).not.toBe(shown(base));
    });
  });

  it.each([
    [quote('home', { occupancy: 'locataire', housingType: 'maison', surface: 1200, rooms: 1, postalCode: '13001' }), 'Maison de 1\u202f200\u00a0m², 1\u00a0pièce, 13001'],
    [quote('health', { adults: 2, children: 3, birthYear: 1980, priority: 'optique' }), '2\u00a0adultes et 3\u00a0enfants'],
    [quote('health', { adults: 2, children: 3, birthYear: 1980, priority: 'optique' }), '1980'],
    [quote('health', { adults: 1, children: 0, birthYear: 1980, priority: 'optique' }), '1\u00a0adulte'],
    [quote('life', { goal: 'transmission', amount: 150000 }), '150\u202f000\u00a0€'],
    [quote('vtc', { brand: 'autre', brandOther: 'Lynk & Co', model: '01', vtcCard: true, yearsActivity: 0 }), 'Lynk & Co 01'],
    [quote('vtc', { brand: 'toyota', model: 'Prius', vtcCard: true, yearsActivity: 0 }), "Moins d’un an"],
    [quote('fleet', { vehicles: 4, vehicleTypes: ['particuliers', 'deux-roues'] }), 'Véhicules particuliers, Deux-roues'],
    [quote('temp', { vehicleKind: 'moto', days: 1, startDate: '2026-12-01' }), '1\u00a0jour à partir du 1er\u00a0décembre 2026'],
    [quote('pro', { activity: 'Boulangerie', legalStatus: 'sarl', turnover: 'gt-5m', employees: 12 }), 'SARL, 12\u00a0salariés'],
  ])('summarises %#', (q, detail) => {
    expect(summarize(q).map((i) => i.detail)).toContain(detail);
  });

  it('gives the phone number to call', () => {
    const q = quote('life', { goal: 'epargne' }, { method: 'phone', phone: '0639981234' });
    expect(summarize(q).at(-1)).toEqual({ term: 'Réponse souhaitée', detail: 'Par téléphone au 06\u00a039\u00a098\u00a012\u00a034' });
  });
});

describe('labels', () => {
  it('reads titles and labels from the shared data', () => {
    expect(productTitle('fleet')).toBe('Assurance flotte automobile');
    expect(labelOf('cover', 'tiers-etendu')).toBe('Tiers étendu');
    expect(labelOf('cover', 'inconnu')).toBe('inconnu');
    expect(formatPhone('+33639981234')).toBe('+33639981234');
  });
});
