import { describe, expect, it } from 'vitest';
import phones from '../../../../pkg/input/testdata/phones.json';
import { cleanPhone, copy, dayLabel, frenchPhone, retention, slotLabel, subjects, validateCallback, validateMessage } from './form';

const message = { name: 'Léa Martin', email: 'lea@exemple.fr', phone: '', subject: 'contract', message: 'Bonjour, une question.', consent: true };
const callback = { name: 'Léa Martin', phone: '06 39 98 12 34', day: '', slot: '', note: '', consent: true };

describe('phone numbers, the twins of pkg/input', () => {
  it.each(Object.entries(phones.phone.good))('cleanPhone accepts %j', (raw, want) => {
    expect(cleanPhone(raw)).toBe(want);
  });
  it.each(phones.phone.bad)('cleanPhone refuses %j', (raw) => {
    expect(cleanPhone(raw)).toBeNull();
  });
  it.each(Object.entries(phones.french.good))('frenchPhone accepts %j', (raw, want) => {
    expect(frenchPhone(raw)).toBe(want);
  });
  it.each(phones.french.bad)('frenchPhone refuses %j', (raw) => {
    expect(frenchPhone(raw)).toBeNull();
  });
});

describe('validateMessage', () => {
  it('accepts a good message', () => {
    expect(validateMessage(message, false)).toEqual({});
  });
  it.each([
    [{ name: ' ' }, 'name', 'Indiquez votre nom.'],
    [{ name: 'L' }, 'name', 'Saisissez au moins 2\u00a0caractères.'],
    [{ email: '' }, 'email', 'Saisissez votre adresse e-mail.'],
    [{ email: 'lea@' }, 'email', 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.'],
    [{ phone: '06 39' }, 'phone', 'Saisissez un numéro de téléphone valide, par exemple 06 39 98 12 34, ou laissez ce champ vide.'],
    [{ subject: '' }, 'subject', 'Choisissez l’objet de votre message.'],
    [{ message: 'Bonjour !' }, 'message', 'Saisissez au moins 10\u00a0caractères.'],
    [{ message: 'é'.repeat(5001) }, 'message', 'Saisissez 5\u202f000\u00a0caractères au plus.'],
    [{ consent: false }, 'consent', 'Cochez la case pour nous autoriser à utiliser ces informations.'],
  ])('refuses %o', (change, field, text) => {
    expect(validateMessage({ ...message, ...change }, false)).toEqual({ [field]: text });
  });
  it('does not ask a client for the name and e-mail of the account', () => {
    expect(validateMessage({ ...message, name: '', email: '' }, true)).toEqual({});
  });
  it('counts characters, not UTF-16 units', () => {
    expect(validateMessage({ ...message, message: '🙂'.repeat(10) }, false)).toEqual({});
  });
});

describe('validateCallback', () => {
  it('accepts as soon as possible', () => {
    expect(validateCallback(callback, false)).toEqual({});
  });
  it.each([
    [{ phone: '' }, 'phone', 'Indiquez le numéro auquel vous rappeler.'],
    [{ phone: '+44 20 7946 0958' }, 'phone', 'Saisissez un numéro de téléphone français, par exemple 06 39 98 12 34.'],
    [{ day: '2026-11-23' }, 'slot', 'Choisissez un créneau.'],
    [{ note: 'a'.repeat(501) }, 'note', 'Saisissez 500\u00a0caractères au plus.'],
    [{ consent: false }, 'consent', 'Cochez la case pour nous autoriser à utiliser ces informations.'],
  ])('refuses %o', (change, field, text) => {
    expect(validateCallback({ ...callback, ...change }, false)).toEqual({ [field]: text });
  });
  it('takes a chosen slot', () => {
    expect(validateCallback({ ...callback, day: '2026-11-23', slot: '2026-11-23T13:00:00Z' }, false)).toEqual({});
  });
});

describe('French writing', () => {
  it('names a day and its slots in Paris time', () => {
    expect(dayLabel('2026-11-23T13:00:00Z')).toBe('lundi 23\u00a0novembre');
    expect(dayLabel('2026-06-01T07:00:00Z')).toBe('lundi 1er\u00a0juin');
    // 9:00 in Paris is 7:00 UTC in summer, 8:00 in winter.
    expect(slotLabel('2026-06-01T07:00:00Z', '2026-06-01T08:00:00Z')).toBe('09:00\u00a0–\u00a010:00');
    expect(slotLabel('2026-11-23T08:00:00Z', '2026-11-23T09:00:00Z')).toBe('09:00\u00a0–\u00a010:00');
  });
  it('tells what is kept and how long, from pkg/contact/form.json', () => {
    expect(retention).toBe('12\u00a0mois');
    expect(copy.consent('vous répondre')).toContain('conservées 12\u00a0mois après notre réponse');
    expect(copy.consent('vous répondre')).toMatch(/^J’accepte qu’Horizon Courtage utilise/);
    expect(copy.message.done('MS-2026-000012')).toBe('Votre message MS-2026-000012\u00a0est bien arrivé. Réponse sous 2\u00a0jours ouvrés.');
  });
  it('offers the subjects of the form', () => {
    expect(subjects.map((s) => s.label)).toEqual(['Question sur un contrat', 'Question sur un devis', 'Sinistre', 'Résiliation', 'Mon espace client', 'Autre']);
  });
});
