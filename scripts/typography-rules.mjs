// The French typography of a text a visitor reads, as rules: the faults
// check-typography.mjs finds in the prerendered pages and
// site/src/lib/typography.test.ts in the copy of site/src/content/.
// A fault is named with why and an excerpt around it.

const nbsp = '[\\u00a0\\u202f]';

/**
 * Parts of a text where signs keep their ASCII meaning: web addresses and
 * the site's paths ("/quote-request?product=car"), e-mail addresses, times written with a colon ("14:05"), names of
 * code or storage keys ("courtier:chat-sound") and the references of requests
 * and contracts ("DV-2026-000008", whose last digits are no number of a unit).
 * They are blanked (same length) before the rules run.
 */
const literals = [
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s\u00a0\u202f«»"]+/gi,
  /\b(?:mailto|tel):[^\s\u00a0\u202f«»"]+/gi,
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  /(?<![^\s(])\/[^\s\u00a0\u202f«»"]*/g,
  /\d:\d/g,
  /[\w-]+:[\w-]+/g,
  /\b[A-Z]{2,}-\d{4}-\d+\b/g,
];

/** What must not appear in French text, each with why. */
export const rules = [
  [/\p{L}'|'\p{L}/u, 'a straight apostrophe (’ U+2019 is due)'],
  [/"/, 'a straight double quote (« » with no-break spaces are due)'],
  [/\.\.\./, 'three dots instead of … (U+2026)'],
  [/(?<=[^\s\u00a0\u202f;:!?(«'"])[;:!?]/, 'no space before « : ; ! ? » (a no-break space is due)'],
  [/ [:;!?%€]/, 'an ordinary space before a sign (a no-break space is due)'],
  [new RegExp(`«(?!${nbsp})`), '« without a no-break space after it'],
  [new RegExp(`(?<!${nbsp})»`), '» without a no-break space before it'],
  [/\d [\d\p{L}€%]/u, 'an ordinary space after a number (a no-break space is due)'],
];

/** text with its web and e-mail addresses and its times blanked, so no rule reads them. */
function withoutLiterals(text) {
  let out = text;
  for (const re of literals) out = out.replace(re, (m) => '_'.repeat(m.length));
  return out;
}

/**
 * The faults of one text: every match of every rule, as
 * "why: « excerpt »", the excerpt taken from the text itself.
 */
export function typographyFaults(text) {
  const scanned = withoutLiterals(text);
  const found = [];
  for (const [re, why] of rules) {
    for (const m of scanned.matchAll(new RegExp(re.source, re.flags + 'g'))) {
      const excerpt = text.slice(Math.max(0, m.index - 30), m.index + 15).replaceAll('\u200b', '').replace(/[ \t\n]+/g, ' ').trim();
      found.push(`${why}: « ${excerpt} »`);
    }
  }
  return found;
}
