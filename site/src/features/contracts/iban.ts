// The IBAN checked in the browser as pkg/sepa checks it on the server, so
// a typing mistake is told when the field is left, in the same words.

/** The IBAN's length in each country of the SEPA zone (pkg/sepa/countries.go). */
const lengths: Record<string, number> = {
  NO: 15, BE: 16, DK: 18, FI: 18, NL: 18, MK: 19, SI: 19, AT: 20, EE: 20, LT: 20, LU: 20,
  CH: 21, HR: 21, LI: 21, LV: 21, BG: 22, DE: 22, GB: 22, IE: 22, ME: 22, RS: 22, VA: 22, GI: 23,
  AD: 24, CZ: 24, ES: 24, MD: 24, RO: 24, SE: 24, SK: 24, PT: 25, IS: 26,
  FR: 27, GR: 27, IT: 27, MC: 27, SM: 27, AL: 28, CY: 28, HU: 28, PL: 28, MT: 31,
};

/** The IBAN without spaces, in capitals. */
export function normalizeIban(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** The IBAN in groups of four: « FR76 3000 6000 0112 3456 7890 189 ». */
export function formatIban(text: string): string {
  return normalizeIban(text).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The number the IBAN writes, letters read as two digits, modulo 97. */
function mod97(s: string): number {
  let r = 0;
  for (const c of s) {
    r = c >= 'A' && c <= 'Z' ? (r * 100 + c.charCodeAt(0) - 55) % 97 : (r * 10 + Number(c)) % 97;
  }
  return r;
}

/** Why the IBAN is refused, in French; undefined when it is good. */
export function ibanProblem(text: string): string | undefined {
  const iban = normalizeIban(text);
  if (iban === '') return 'L’IBAN est obligatoire.';
  if (!/^[A-Z0-9]+$/.test(iban)) return 'L’IBAN ne peut contenir que des lettres et des chiffres.';
  if (iban.length < 4 || !/^[A-Z]{2}/.test(iban)) return 'Un IBAN commence par le code de son pays, par exemple FR76.';
  const cc = iban.slice(0, 2);
  const want = lengths[cc];
  if (!want) return `Le pays de cet IBAN (${cc}) n’est pas dans la zone SEPA\u00a0: le prélèvement n’y est pas possible.`;
  if (iban.length !== want) return `Un IBAN ${cc} compte ${want}\u00a0caractères\u00a0; celui-ci en compte ${iban.length}.`;
  const key = iban.slice(2, 4);
  if (!/^\d\d$/.test(key) || key < '02' || key > '98' || mod97(iban.slice(4) + iban.slice(0, 4)) !== 1) {
    return 'La clé de contrôle de l’IBAN est fausse\u00a0: vérifiez-le.';
  }
  return undefined;
}

/** Why the BIC is refused; undefined when it is good or left empty (it is optional). */
export function bicProblem(text: string): string | undefined {
  const bic = text.replace(/\s+/g, '').toUpperCase();
  if (bic === '') return undefined;
  if (bic.length !== 8 && bic.length !== 11) return `Un BIC compte 8\u00a0ou 11\u00a0caractères\u00a0; celui-ci en compte ${bic.length}.`;
  if (!/^[A-Z]{6}[A-Z0-9]+$/.test(bic) || /[01]/.test(bic[6] ?? '') || bic[7] === 'O') {
    return 'Ce BIC n’a pas le bon format\u00a0: 4\u00a0lettres pour la banque, 2\u00a0pour le pays, puis 2\u00a0ou 5\u00a0lettres ou chiffres.';
  }
  return undefined;
}
