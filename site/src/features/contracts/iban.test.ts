import { describe, expect, it } from 'vitest';
import { bicProblem, formatIban, ibanProblem } from './iban';
import { addMonths, earliestStart, normalizeRegistration } from './details';

describe('ibanProblem', () => {
  it('accepts a good IBAN, spaced or not, in any case', () => {
    expect(ibanProblem('FR76 3000 6000 0112 3456 7890 189')).toBeUndefined();
    expect(ibanProblem('fr7630006000011234567890189')).toBeUndefined();
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toBeUndefined();
  });

  it('says in French what is wrong, as the server does', () => {
    expect(ibanProblem('')).toBe('L’IBAN est obligatoire.');
    expect(ibanProblem('FR76-3000')).toBe('L’IBAN ne peut contenir que des lettres et des chiffres.');
    expect(ibanProblem('7630006000011234567890189')).toBe('Un IBAN commence par le code de son pays, par exemple FR76.');
    expect(ibanProblem('US76 3000 6000 0112 3456 7890 189')).toMatch(/^Le pays de cet IBAN \(US\) n’est pas dans la zone SEPA\u00a0:/);
    expect(ibanProblem('FR76 3000 6000 0112 3456 7890 18')).toBe('Un IBAN FR compte 27\u00a0caractères\u00a0; celui-ci en compte 26.');
    expect(ibanProblem('FR76 3000 6000 0112 3456 7890 188')).toBe('La clé de contrôle de l’IBAN est fausse\u00a0: vérifiez-le.');
    expect(ibanProblem('FR00 3000 6000 0112 3456 7890 189')).toMatch(/clé de contrôle/);
  });

  it('writes it in groups of four', () => {
    expect(formatIban('fr7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
  });
});

describe('bicProblem', () => {
  it('leaves an empty BIC alone and checks the others', () => {
    expect(bicProblem('')).toBeUndefined();
    expect(bicProblem('AGRIFRPP')).toBeUndefined();
    expect(bicProblem('agri frpp 882')).toBeUndefined();
    expect(bicProblem('AGRIFR')).toMatch(/^Un BIC compte 8\u00a0ou 11\u00a0caractères\u00a0;/);
    expect(bicProblem('AGRI1RPP')).toMatch(/pas le bon format/);
  });
});

describe('the dates and the registration of a subscription', () => {
  it('starts tomorrow at the earliest, a month later for a switch under the loi Hamon', () => {
    expect(earliestStart('2026-11-27', false)).toBe('2026-11-28');
    expect(earliestStart('2026-11-27', true)).toBe('2026-12-28');
    expect(earliestStart('2026-11-27', false, 'temp')).toBe('2026-11-27');
    expect(earliestStart('2026-11-27', false, 'car')).toBe('2026-11-28');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
  });

  it('writes a registration as on the plate', () => {
    expect(normalizeRegistration('ab 123 cd')).toBe('AB-123-CD');
    expect(normalizeRegistration('AB123CD')).toBe('AB-123-CD');
    expect(normalizeRegistration('1234 ab 69')).toBe('1234 AB 69');
    expect(normalizeRegistration('AI-123-CD')).toBeUndefined();
    expect(normalizeRegistration('n’importe quoi')).toBeUndefined();
  });
});
