import { describe, expect, test } from 'vitest';
import {
  askedQuestions, buildDraft, checkStep, claimForm, declarable, delayRule, elsewhere, emergencyOf, initialValues, kindsOf, stepOf,
  type ContractChoice, type DeclareValues,
} from './claim-form';

const contracts: ContractChoice[] = [
  { id: 'k1', number: 'CT-2026-000001', product: 'car', productLabel: 'Auto', insurer: 'Mutuelle Fictive', status: 'active' },
  { id: 'k2', number: 'CT-2026-000002', product: 'home', productLabel: 'Habitation', insurer: 'Assureur Test', status: 'pending_signature' },
];

const ids = (product: string, kind: string, answers: Record<string, string> = {}) => askedQuestions(product, kind, answers).map((q) => q.id);

describe('askedQuestions', () => {
  test('a car collision asks the other party, the constat and injuries, not theft nor water questions', () => {
    expect(ids('car', 'collision')).toEqual(['place', 'injured', 'otherParty', 'constat', 'vehicleLocation']);
  });
  test('the other driver is asked once another party is said to be in cause', () => {
    expect(ids('car', 'collision', { otherParty: 'yes' })).toEqual(['place', 'injured', 'otherParty', 'otherName', 'otherPlate', 'otherInsurer', 'constat', 'vehicleLocation']);
    expect(ids('car', 'collision', { otherParty: 'no' })).not.toContain('otherName');
  });
  test('a home water damage asks the leak, its source, and the neighbour when it comes from them', () => {
    expect(ids('home', 'water')).toEqual(['place', 'rooms', 'waterStopped', 'waterSource']);
    expect(ids('home', 'water', { waterSource: 'neighbour' })).toContain('neighbour');
  });
  test('a natural disaster asks the decree date; a product with no question asks none', () => {
    expect(ids('home', 'natural')).toEqual(['place', 'rooms', 'decreeDate']);
    expect(ids('health', 'other')).toEqual([]);
  });
  test('no kind or an unknown product asks nothing', () => {
    expect(ids('car', '')).toEqual([]);
    expect(ids('boat', 'collision')).toEqual([]);
  });
  test('VTC questions without kinds are asked for every kind', () => {
    expect(ids('vtc', 'theft')).toEqual(['trip', 'platform', 'tripRef', 'place', 'policeReport']);
  });
});

describe('kindsOf', () => {
  test('the product kinds, labelled, in order', () => {
    expect(kindsOf('home').map((k) => k.id)).toEqual(['water', 'fire', 'theft', 'breakage', 'natural', 'other']);
    expect(kindsOf('life').map((k) => k.label)).toEqual(['Autre sinistre']);
    expect(kindsOf('nope')).toEqual([]);
  });
});

describe('declarable', () => {
  test('a contract waiting for its signature is not offered', () => {
    expect(declarable(contracts).map((c) => c.id)).toEqual(['k1']);
  });
});

describe('buildDraft', () => {
  const base: DeclareValues = { ...initialValues('k1'), kind: 'collision', occurredAt: '2026-11-20', description: '  Un accrochage au feu rouge.  ' };
  test('on a contract here: its id, only the questions asked, no empty answer', () => {
    const v = { ...base, answers: { place: 'Lyon', injured: 'no', otherParty: 'no', otherName: 'Dupont', constat: 'none', vehicleLocation: '', waterStopped: 'no' } };
    expect(buildDraft(v, contracts)).toEqual({
      contractId: 'k1', kind: 'collision', occurredAt: '2026-11-20', description: 'Un accrochage au feu rouge.',
      answers: { place: 'Lyon', injured: 'no', otherParty: 'no', constat: 'none' },
    });
  });
  test('on a contract held elsewhere: insurer, policy number and product', () => {
    const v: DeclareValues = { ...initialValues(elsewhere), insurer: ' Assureur X ', policyNumber: 'P-42', product: 'home', kind: 'water', occurredAt: '2026-11-20', description: 'Une fuite sous l’évier de la cuisine.', answers: { place: 'Paris', rooms: 'Cuisine', waterStopped: 'yes', waterSource: 'mine', neighbour: 'M. Durand' } };
    expect(buildDraft(v, contracts)).toEqual({
      insurer: 'Assureur X', policyNumber: 'P-42', product: 'home', kind: 'water', occurredAt: '2026-11-20', description: 'Une fuite sous l’évier de la cuisine.',
      answers: { place: 'Paris', rooms: 'Cuisine', waterStopped: 'yes', waterSource: 'mine' },
    });
  });
});

describe('emergencyOf', () => {
  const v = (kind: string, answers: Record<string, string>, product = 'home'): DeclareValues => ({ ...initialValues(elsewhere), product, kind, answers });
  test('an injured person, a fire, water still running', () => {
    expect(emergencyOf(v('collision', { injured: 'yes' }, 'car'), 'car')).toEqual({ injured: true, fire: false, water: false });
    expect(emergencyOf(v('fire', {}), 'home')).toEqual({ injured: false, fire: true, water: false });
    expect(emergencyOf(v('water', { waterStopped: 'no' }), 'home')).toEqual({ injured: false, fire: false, water: true });
  });
  test('none otherwise, nor from an answer to a question not asked', () => {
    expect(emergencyOf(v('collision', { injured: 'no' }, 'car'), 'car')).toBeUndefined();
    expect(emergencyOf(v('water', { waterStopped: 'yes' }), 'home')).toBeUndefined();
    expect(emergencyOf(v('theft', { injured: 'yes', waterStopped: 'no' }), 'home')).toBeUndefined();
  });
});

describe('delayRule', () => {
  test('the numbers of form.json, typeset', () => {
    expect(delayRule('collision')).toContain(`${claimForm.delays.generalWorkingDays}\u00a0jours ouvrés après le sinistre`);
    expect(delayRule('theft')).toContain(`${claimForm.delays.theftWorkingDays}\u00a0jours ouvrés après le vol`);
    expect(delayRule('natural')).toContain(`${claimForm.delays.naturalDisasterDays}\u00a0jours après la publication de l’arrêté`);
    expect(delayRule('natural')).toContain('\u00a0: déclarez');
    expect(delayRule('nope')).toBeUndefined();
  });
});

describe('checkStep', () => {
  const today = '2026-11-27';
  test('step 1 asks a contract, and for one held elsewhere its insurer, number and product', () => {
    expect(Object.keys(checkStep(1, initialValues(), contracts, today))).toEqual(['contractId']);
    expect(Object.keys(checkStep(1, initialValues(elsewhere), contracts, today))).toEqual(['insurer', 'policyNumber', 'product']);
    expect(checkStep(1, initialValues('k1'), contracts, today)).toEqual({});
  });
  test('step 2 asks the kind, a past date, the required answers and a long enough account', () => {
    const e = checkStep(2, { ...initialValues('k1'), kind: 'collision', occurredAt: '2026-11-28', description: 'court' }, contracts, today);
    expect(Object.keys(e)).toEqual(['occurredAt', 'answers.place', 'answers.injured', 'answers.otherParty', 'answers.constat', 'description']);
    expect(e.occurredAt).toBe('La date du sinistre ne peut pas être dans le futur.');
    expect(e.description).toBe(`Le récit\u00a0: au moins ${claimForm.bounds.description.min}\u00a0caractères.`);
    expect(Object.keys(checkStep(2, initialValues('k1'), contracts, today))).toEqual(['kind', 'occurredAt', 'description']);
  });
  test('a decree before the loss is refused', () => {
    const v = { ...initialValues(elsewhere), product: 'home', kind: 'natural', occurredAt: '2026-11-10', description: 'La rivière a débordé dans le salon.', answers: { place: 'Nîmes', rooms: 'Salon', decreeDate: '2026-11-01' } };
    expect(Object.keys(checkStep(2, v, contracts, today))).toEqual(['answers.decreeDate']);
  });
});

test('stepOf sends the contract fields to step 1, the rest to step 2', () => {
  expect(['contractId', 'insurer', 'policyNumber', 'product', 'kind', 'answers.place', 'description'].map(stepOf)).toEqual([1, 1, 1, 1, 2, 2, 2]);
});
