import { describe, expect, it } from 'vitest';
import { validateRegistration } from './register';

const ok = { displayName: 'Anne', email: 'anne@exemple.fr', password: 'une phrase de passe', confirm: 'une phrase de passe' };

describe('validateRegistration', () => {
  it('accepts a good form', () => {
    expect(validateRegistration(ok)).toEqual({});
  });
  it.each([
    [{ email: '' }, 'email', 'Saisissez votre adresse e-mail.'],
    [{ email: 'anne@' }, 'email', 'Adresse e-mail invalide.'],
    [{ password: 'court', confirm: 'court' }, 'password', 'Le mot de passe doit contenir au moins 12\u00a0caractères.'],
    [{ password: 'é'.repeat(129), confirm: 'é'.repeat(129) }, 'password', 'Le mot de passe doit contenir au plus 128\u00a0caractères.'],
    [{ confirm: 'autre chose encore' }, 'confirm', 'Les mots de passe ne correspondent pas.'],
  ])('refuses %o', (change, field, message) => {
    expect(validateRegistration({ ...ok, ...change })).toMatchObject({ [field]: message });
  });
  it('counts characters, not UTF-16 units', () => {
    const emoji = '🙂'.repeat(12);
    expect(validateRegistration({ ...ok, password: emoji, confirm: emoji })).toEqual({});
  });
});
