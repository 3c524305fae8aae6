import { describe, expect, it } from 'vitest';
import { complaintBounds, validateComplaint, validPhone, type ComplaintValues } from './complaint-form';

const ok: ComplaintValues = {
  subject: 'Remboursement non reçu', concerns: '', facts: 'Le remboursement promis en janvier n\'est jamais arrivé.',
  demand: 'Le remboursement.', name: 'Jeanne Visiteuse', email: 'jeanne@exemple.fr', phone: '', consent: true,
};

describe('validateComplaint', () => {
  it('accepts a good form, from a visitor and from a client', () => {
    expect(validateComplaint(ok, false)).toEqual({});
    expect(validateComplaint({ ...ok, name: '', email: '' }, true)).toEqual({});
  });

  it.each([
    [{ subject: '  ' }, 'subject', 'Indiquez l’objet de votre réclamation.'],
    [{ subject: 'Nul' }, 'subject', 'Écrivez au moins 5\u00a0caractères pour l’objet.'],
    [{ subject: 'é'.repeat(201) }, 'subject', 'L’objet ne peut pas dépasser 200\u00a0caractères.'],
    [{ concerns: '1'.repeat(101) }, 'concerns', 'La référence du contrat ou de la demande ne peut pas dépasser 100\u00a0caractères.'],
    [{ facts: '' }, 'facts', 'Décrivez les faits.'],
    [{ facts: 'Pas content.' }, 'facts', 'Écrivez au moins 20\u00a0caractères pour la description des faits.'],
    [{ facts: 'a'.repeat(10001) }, 'facts', 'La description des faits ne peut pas dépasser 10\u00a0000\u00a0caractères.'],
    [{ demand: '\n' }, 'demand', 'Indiquez ce que vous demandez.'],
    [{ name: '' }, 'name', 'Indiquez votre nom.'],
    [{ email: '' }, 'email', 'Saisissez votre adresse e-mail.'],
    [{ email: 'jeanne@exemple' }, 'email', 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.'],
    [{ phone: '06 39' }, 'phone', 'Saisissez un numéro de téléphone valide, par exemple 06 39 98 12 34, ou laissez le champ vide.'],
    [{ consent: false }, 'consent', 'Cochez la case pour accepter que nous conservions ces informations afin de traiter votre réclamation.'],
  ])('refuses %o with the server\'s message', (change, field, message) => {
    expect(validateComplaint({ ...ok, ...change }, false)).toMatchObject({ [field]: message });
  });

  it('does not ask a client for the name and e-mail of the account', () => {
    expect(validateComplaint({ ...ok, name: '', email: 'pas une adresse' }, true)).toEqual({});
  });

  it('counts characters, not UTF-16 units, as the server does', () => {
    expect(validateComplaint({ ...ok, subject: '🙂'.repeat(complaintBounds.subject.max) }, false)).toEqual({});
  });
});

describe('validPhone', () => {
  it.each(['06 39 98 12 34', '01.99.00.42.42', '+33 6 39 98 12 34', '0033639981234', '+1 202 555 0143'])('accepts %s', (p) => {
    expect(validPhone(p)).toBe(true);
  });
  it.each(['0612', '06399812345', '+0639981234', '06 39 98 12 3x', '+'])('refuses %s', (p) => {
    expect(validPhone(p)).toBe(false);
  });
});
