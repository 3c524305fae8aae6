// Checks the built site: every route of site/routes.json, and the
// not-found page, has its page chunk and the chunks it imports preloaded
// in every document the Go server may send for it: each prerendered
// variant (through its inline loader, or a modulepreload link) and the
// route's app shell (modulepreload links), and every preloaded file is in
// the build. Run by `npm run build`, after prerender.mjs:
//
//   node scripts/check-preload.mjs [site/dist]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pageAssets, shellFile } from './prerender.mjs';

const dist = resolve(process.argv[2] ?? new URL('../site/dist', import.meta.url).pathname);
const read = (...p) => readFileSync(join(dist, ...p), 'utf8');
const { routes } = JSON.parse(readFileSync(join(dist, '..', 'routes.json'), 'utf8'));
const vite = JSON.parse(read('.vite', 'manifest.json'));
const pre = JSON.parse(read('prerender', 'manifest.json'));

const linkRe = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const loaderRe = /(\[[^\]]*\])\.forEach\(/;

/** The modules a document preloads: its modulepreload links and its loader's list. */
export function preloaded(html) {
  const hrefs = [...html.matchAll(linkRe)].map((m) => m[1]);
  const loader = html.match(loaderRe);
  if (loader) hrefs.push(...JSON.parse(loader[1]));
  return new Set(hrefs);
}

const problems = [];
let documents = 0;
function check(what, file, chunks) {
  if (!file) {
    problems.push(`${what}: no document`);
    return;
  }
  documents++;
  const have = preloaded(read('prerender', file));
  for (const href of chunks) if (!have.has(href)) problems.push(`${what} (${file}): ${href} not preloaded`);
  for (const href of have) if (!existsSync(join(dist, href))) problems.push(`${what} (${file}): ${href} is not in the build`);
}

for (const r of [...routes, { path: '*', page: 'not-found' }]) {
  const chunks = pageAssets(vite, r).js.map((f) => `/${f}`);
  const variants = r.path === '*' ? pre.notFound : pre.routes[r.path];
  for (const [variant, file] of Object.entries(variants ?? {})) check(`${r.path} ${variant}`, file, chunks);
  if (r.path === '*') continue;
  if (pre.shells?.[r.path] !== shellFile(r.path)) problems.push(`${r.path}: shell ${pre.shells?.[r.path]}, want ${shellFile(r.path)}`);
  check(`${r.path} shell`, pre.shells?.[r.path], chunks);
}
if (problems.length) {
  console.error(`check-preload: ${problems.length} problems\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-preload: ${routes.length} routes and the not-found page, ${documents} documents, every page chunk preloaded`);
