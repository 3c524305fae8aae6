// Checks the French typography of the built site as a visitor reads it:
// the text of every prerendered page, in each of its session variants
// (tags, scripts and styles stripped, entities decoded), the texts of its
// alt, title, placeholder and aria-label attributes, its <title> and meta
// description, and the title and description of every route of
// site/routes.json, which the Go server puts in the head. The rules are
// those of typography-rules.mjs: ’ not ', « » not "", … not ..., a
// no-break space before « : ; ! ? » and inside « ». Run by `npm run build`,
// after prerender.mjs:
//
//   node scripts/check-typography.mjs [site/dist]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { typographyFaults } from './typography-rules.mjs';

/** Elements that do not break a line of text: their tags are dropped, not turned into a break. */
const inline = new Set(['a', 'abbr', 'b', 'bdi', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var']);

/** Attributes whose text a visitor sees or hears. */
export const textAttributes = ['alt', 'title', 'placeholder', 'aria-label'];

const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** text with its character references decoded. */
export function decode(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (ref, name) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return named[name.toLowerCase()] ?? ref;
  });
}

/**
 * The texts of an HTML document a visitor reads: its title, its meta
 * description, the values of textAttributes, and its body's text cut into
 * lines where a block element starts or ends.
 */
export function visibleTexts(html) {
  const texts = [];
  const title = /<title>([^<]*)<\/title>/i.exec(html);
  if (title) texts.push(decode(title[1]));
  const description = /<meta name="description" content="([^"]*)"/i.exec(html);
  if (description) texts.push(decode(description[1]));
  const body = (/<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>/gi, '\n');
  for (const tag of body.matchAll(/<[a-z][^>]*>/gi)) {
    for (const name of textAttributes) {
      const m = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag[0]);
      if (m) texts.push(decode(m[1]));
    }
  }
  // An inline tag leaves a zero-width space: a rule still sees "d'<a>Horizon"
  // or "Note</b>:", but a number is not glued to a word of another element
  // ("42</a> ou"). React's <!-- --> between the parts of one JSX text leaves
  // nothing: "3<!-- --> jours" is one text to the reader, and to the rules.
  const text = body.replace(/<\/?([a-z][a-z0-9-]*)\b[^>]*>/gi, (_, name) => (inline.has(name.toLowerCase()) ? '\u200b' : '\n'));
  texts.push(...decode(text).split('\n'));
  return texts.map((t) => t.trim()).filter((t) => t.replaceAll('\u200b', ''));
}

/** The faults of a document's texts, without repeats. */
export function documentFaults(html) {
  return [...new Set(visibleTexts(html).flatMap(typographyFaults))];
}

/**
 * Faults known and left for now, each saying whose it is: they must still
 * be found (a fault that is gone fails the check until its line goes), so
 * the list only shrinks.
 */
const pending = [];

function main(dist) {
  const read = (...p) => readFileSync(join(dist, ...p), 'utf8');
  const { routes, notFound } = JSON.parse(readFileSync(join(dist, '..', 'routes.json'), 'utf8'));
  const pre = JSON.parse(read('prerender', 'manifest.json'));
  // fault -> where it was found, so a fault of the navbar is told once with its pages.
  const found = new Map();
  const note = (where, fault) => found.set(fault, [...(found.get(fault) ?? []), where]);
  let documents = 0;
  for (const [path, files] of [...Object.entries(pre.routes), ['(not found)', pre.notFound]]) {
    for (const [variant, file] of Object.entries(files)) {
      documents++;
      for (const fault of documentFaults(read('prerender', file))) note(`${path} ${variant}`, fault);
    }
  }
  for (const r of [...routes, { path: '(not found)', ...notFound }]) {
    for (const field of ['title', 'description']) {
      for (const fault of typographyFaults(r[field] ?? '')) note(`${r.path} routes.json ${field}`, fault);
    }
  }
  const stale = pending.filter((fault) => !found.delete(fault));
  if (stale.length) console.error(`check-typography: ${stale.length} pending faults are fixed, remove them from the pending list:\n  ${stale.join('\n  ')}`);
  if (found.size) {
    const lines = [...found].map(([fault, where]) => `${fault}\n      in ${where.length > 6 ? `${where.slice(0, 6).join(', ')} and ${where.length - 6} more` : where.join(', ')}`);
    console.error(`check-typography: ${found.size} faults\n  ${lines.join('\n  ')}`);
  }
  if (found.size || stale.length) process.exit(1);
  console.log(`check-typography: ${documents} documents and ${routes.length} routes' titles and descriptions, no fault but ${pending.length} pending`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(resolve(process.argv[2] ?? new URL('../site/dist', import.meta.url).pathname));
}
