import { describe, expect, it } from 'vitest';
import { checkFields, checkNeeds, hasDepartment, placeFieldErrors, toAnswers, toNeeds } from './price-check';
import { stepFields } from './price-form';
import { loadPriceProducts, priceProduct } from './rates';
import type { Vehicle } from './api';

const today = new Date(2026, 10, 27); // 27 novembre 2026
await loadPriceProducts(['car', 'home', 'vtc', 'temp']);
const car = priceProduct('car');
const home = priceProduct('home');
const vtc = priceProduct('vtc');
const field = (p: typeof car, key: string) => p.form.filter((f) => f.key === key);
const message = (p: typeof car, key: string) => p.form.find((f) => f.key === key)?.message;
const v208 = { id: 'peugeot-208', fromYear: 2019 } as Vehicle;

describe('the steps', () => {
  it('asks the vehicle first, then the driver', () => {
    expect(stepFields(car, 1).map((f) => f.key)).toEqual(['vehicleId', 'vehicleYear']);
    expect(stepFields(car, 2).map((f) => f.key)).toEqual(['birthDate', 'licenceDate', 'supervisedDriving', 'bonusMalus', 'postalCode', 'usage', 'parking', 'yearlyKm', 'claims36', 'namedDrivers']);
  });

  it('asks the dwelling first, then the place and the contents', () => {
    expect(stepFields(home, 1).map((f) => f.key)).toEqual(['dwelling', 'surface', 'rooms', 'floor']);
    expect(stepFields(home, 2).map((f) => f.key)).toEqual(['postalCode', 'occupant', 'contentsCents', 'options']);
  });
});

describe('checkFields: the bounds and messages of rates.json', () => {
  it('shows the file’s messages typeset', () => {
    expect(message(car, 'birthDate')).toBe('Votre date de naissance doit indiquer entre 18\u00a0et 99\u00a0ans.');
    expect(message(car, 'yearlyKm')).toBe('Votre kilométrage annuel doit être compris entre 1\u202f000\u00a0et 100\u202f000\u00a0km.');
  });

  it.each([
    ['2008-11-28', false], // 17 years old the day before their birthday
    ['2008-11-27', true], // 18 today
    ['1927-11-28', true], // 98, the day before 99... still within
    ['1926-11-27', false], // 100
    ['2030-01-01', false],
    ['1990-02-30', false],
    ['', false],
  ])('birth date %s accepted: %s', (birthDate, ok) => {
    const errors = checkFields(field(car, 'birthDate'), { birthDate }, today);
    expect(errors.birthDate).toBe(ok ? undefined : message(car, 'birthDate'));
  });

  it('refuses a licence before 17 or in the future', () => {
    const f = field(car, 'licenceDate');
    expect(checkFields(f, { birthDate: '1990-05-01', licenceDate: '2006-05-01' }, today).licenceDate).toBe(message(car, 'licenceDate'));
    expect(checkFields(f, { birthDate: '1990-05-01', licenceDate: '2027-01-01' }, today).licenceDate).toBe(message(car, 'licenceDate'));
    expect(checkFields(f, { birthDate: '1990-05-01', licenceDate: '2008-05-01' }, today)).toEqual({});
  });

  it('asks a VTC driver 3 years of licence, 2 after supervised driving', () => {
    const f = field(vtc, 'licenceDate');
    const values = { birthDate: '1995-01-01', licenceDate: '2024-06-01' };
    expect(checkFields(f, values, today).licenceDate).toBe(message(vtc, 'licenceDate'));
    expect(checkFields(f, { ...values, supervisedDriving: true }, today)).toEqual({});
  });

  it.each([
    ['0,68', true], ['0.68', true], ['0,50', true], ['3,5', true], ['1', true],
    ['0,49', false], ['3,51', false], ['0,685', false], ['abc', false], ['', false],
  ])('bonus-malus %j accepted: %s', (bonusMalus, ok) => {
    const errors = checkFields(field(car, 'bonusMalus'), { bonusMalus }, today);
    expect(errors.bonusMalus).toBe(ok ? undefined : message(car, 'bonusMalus'));
  });

  it.each([
    ['69002', true], ['20000', true], ['20600', true], ['97400', true], ['97500', false], ['2A000', false], ['6900', false], ['99000', false],
  ])('postal code %s accepted: %s', (code, ok) => {
    expect(hasDepartment(code)).toBe(ok);
    expect(Boolean(checkFields(field(car, 'postalCode'), { postalCode: code }, today).postalCode)).toBe(!ok);
  });

  it.each([
    ['999', false], ['1000', true], ['12 000', true], ['100000', true], ['100001', false], ['12,5', false],
  ])('yearly mileage %j accepted: %s', (yearlyKm, ok) => {
    const errors = checkFields(field(car, 'yearlyKm'), { yearlyKm }, today);
    expect(errors.yearlyKm).toBe(ok ? undefined : message(car, 'yearlyKm'));
  });

  it('asks the vehicle, and a year between the model and today', () => {
    const f = stepFields(car, 1);
    expect(checkFields(f, {}, today)).toEqual({ vehicleId: 'Choisissez votre voiture dans la liste.' });
    expect(checkFields(f, { vehicleId: 'peugeot-208', vehicleYear: '2018' }, today, v208).vehicleYear).toBe(message(car, 'vehicleYear'));
    expect(checkFields(f, { vehicleId: 'peugeot-208', vehicleYear: '2027' }, today, v208).vehicleYear).toBe(message(car, 'vehicleYear'));
    expect(checkFields(f, { vehicleId: 'peugeot-208', vehicleYear: '2021' }, today, v208)).toEqual({});
    expect(checkFields(f, { vehicleId: 'peugeot-208', vehicleYear: '' }, today, v208)).toEqual({});
  });

  it.each([
    // A Clio III (2005–2012) is taken up to the year after its last.
    ['car', 'essence', 2012, '2004', false], ['car', 'essence', 2012, '2005', true], ['car', 'essence', 2012, '2013', true], ['car', 'essence', 2012, '2014', false],
    // 30 years back at most; a VTC under 7 years, unless hybrid or electric.
    ['car', 'essence', 0, '1995', false], ['vtc', 'diesel', 0, '2018', false], ['vtc', 'diesel', 0, '2019', true], ['vtc', 'hybride', 0, '2010', true],
  ])('a %s in %s sold until %d, registered in %s, taken: %s', (product, energy, toYear, vehicleYear, ok) => {
    const p = product === 'vtc' ? vtc : car;
    const v = { id: 'v', fromYear: product === 'vtc' ? 2006 : toYear ? 2005 : 1990, toYear, energy } as Vehicle;
    const errors = checkFields(field(p, 'vehicleYear'), { vehicleId: 'v', vehicleYear }, today, v);
    expect(errors.vehicleYear === undefined).toBe(ok);
  });

  it('asks a floor of an apartment only, and the contents in euros', () => {
    const f = stepFields(home, 1);
    const house = { dwelling: 'house', surface: '90', rooms: '4' };
    expect(checkFields(f, house, today)).toEqual({});
    expect(checkFields(f, { ...house, dwelling: 'apartment' }, today)).toEqual({ floor: 'Pour un appartement, choisissez son étage.' });
    const contents = field(home, 'contentsCents');
    expect(checkFields(contents, { contentsCents: '1 999' }, today).contentsCents).toBe(message(home, 'contentsCents'));
    expect(checkFields(contents, { contentsCents: '20 000' }, today)).toEqual({});
  });

  it('leaves optional answers optional', () => {
    expect(checkFields(field(car, 'namedDrivers'), {}, today)).toEqual({});
    expect(checkFields(field(car, 'namedDrivers'), { namedDrivers: '4' }, today).namedDrivers).toBe(message(car, 'namedDrivers'));
  });
});

describe('what is sent', () => {
  it('sends numbers as numbers, amounts in cents, and no floor for a house', () => {
    expect(toAnswers(car, {
      vehicleId: 'peugeot-208', vehicleYear: '', birthDate: '1981-03-02', licenceDate: '2001-06-01', supervisedDriving: true,
      bonusMalus: '0,68', postalCode: ' 69002 ', usage: 'commute', parking: 'street', yearlyKm: '12 000', claims36: '0',
    })).toEqual({
      vehicleId: 'peugeot-208', birthDate: '1981-03-02', licenceDate: '2001-06-01', supervisedDriving: true, bonusMalus: 0.68,
      postalCode: '69002', usage: 'commute', parking: 'street', yearlyKm: 12000, claims36: 0,
    });
    expect(toAnswers(home, { dwelling: 'house', floor: 'top', surface: '90', rooms: '4', contentsCents: '20 000', options: ['pool'] }))
      .toEqual({ dwelling: 'house', surface: 90, rooms: 4, contentsCents: 2000000, options: ['pool'] });
  });

  it('sends the budget in cents, per month or for the period', () => {
    const needs = { covers: ['theft'], budget: '50', deductible: 'low', existingCover: 'elsewhere' };
    expect(toNeeds(car, needs)).toEqual({ covers: ['theft'], budgetMonthlyCents: 5000, deductible: 'low', existingCover: 'elsewhere' });
    expect(toNeeds(priceProduct('temp'), { ...needs, budget: '120,50' })).toMatchObject({ budgetCents: 12050 });
    expect(toNeeds(car, { covers: [], budget: '', deductible: '', existingCover: '' })).toEqual({ covers: [] });
    expect(checkNeeds({ ...needs, budget: '50 €' })).toEqual({});
    expect(checkNeeds({ ...needs, budget: 'beaucoup' })['needs.budget']).toMatch(/^Indiquez votre budget en euros/);
  });

  it('places the server’s errors next to their fields', () => {
    expect(placeFieldErrors([
      { field: 'birthDate', message: 'a' }, { field: 'crmHistory', message: 'b' }, { field: 'needs.budget', message: 'c' },
    ])).toEqual({ birthDate: 'a', bonusMalus: 'b', 'needs.budget': 'c' });
  });
});
