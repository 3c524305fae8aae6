// Checks the direction of the site's imports (issue 41): every .ts and .tsx
// of site/src, its static imports, re-exports, dynamic import()s and
// import.meta.glob patterns, against the layers below. Run by `npm run
// build` before Vite, and by the site's checks (src/layers.test.ts), so a
// wrong import fails both:
//
//   node scripts/check-layers.mjs [site/src]
//
// The layers, top to bottom; each may import its own folder and the ones
// its row names, never one above it:
//
//   app (with main.tsx, entry-server.tsx and the tests' setup): the router,
//       the frame; anything below.
//   pages: one module per route; features, components, content, lib.
//       A page may render another (the not-found page).
//   features/<feature>: what one part of the site does (its API calls, its
//       forms, its parts); components, content, lib, and another feature's
//       modules where one uses another (the desk shows a claim).
//   components: parts without a feature (a field, the page's header); lib.
//   content: the site's copy and the data it is made of; lib.
//   lib: the foundations (fetch, formats, the session, the company); lib.
//   illustrations, styles: drawings and tokens; themselves.
//
// So content is read by pages and features, never by components or lib;
// and only features and lib speak to the API: no page or component names
// an /api/ URL or imports lib/api's api() (ApiError they may).
//
// Files outside site/src (the project's JSON under pkg/, site/routes.json,
// the build's scripts for tests) are data, not layers: any file may read
// them. Packages (react, …) likewise.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Paths from this file's, not new URL(…, import.meta.url): under vitest's
// jsdom, URL resolves against the test page's http:// address.
const siteDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'site');

// The site's own TypeScript reads the imports (no parser of our own).
const ts = createRequire(join(siteDir, 'package.json'))('typescript');

/** What each layer may import, besides itself. */
export const allowed = {
  app: ['pages', 'features', 'components', 'content', 'lib', 'illustrations', 'styles'],
  pages: ['features', 'components', 'content', 'lib', 'illustrations', 'styles'],
  features: ['components', 'content', 'lib', 'illustrations', 'styles'],
  components: ['lib', 'illustrations', 'styles'],
  content: ['lib'],
  lib: [],
  illustrations: [],
  styles: [],
};

/** The files at the top of src/ and the layer each belongs to. */
const topFiles = { 'main.tsx': 'app', 'entry-server.tsx': 'app', 'test-setup.ts': 'app', 'layers.test.ts': 'app' };

/** The layers whose modules must not call the API themselves. */
const noApi = new Set(['pages', 'components']);

/**
 * The layer of a file, from its path relative to src (with / between
 * folders); undefined for a file the table does not place.
 */
export function layerOf(path) {
  const parts = path.split('/');
  if (parts.length === 1) return topFiles[path];
  return Object.hasOwn(allowed, parts[0]) ? parts[0] : undefined;
}

/** The import specifiers of a module's source: imports, re-exports, import() and import.meta.glob. */
export function importsOf(source) {
  const found = ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
  if (!source.includes('import.meta.glob')) return found;
  // Vite's globs: the patterns of import.meta.glob(…) calls, read from the
  // syntax tree so that the words in a string or a comment are not taken.
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.getText() === 'import.meta.glob') {
      const [first] = node.arguments;
      const patterns = first && ts.isArrayLiteralExpression(first) ? first.elements : first ? [first] : [];
      for (const p of patterns) if (ts.isStringLiteralLike(p) && !p.text.startsWith('!')) found.push(p.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('module.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));
  return found;
}

/** Whether a page's or component's source calls the API itself: an /api/ URL, or lib/api's api(). */
function callsApi(source) {
  if (/['"`]\/api\//.test(source)) return 'names an /api/ URL';
  for (const m of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"][./]*lib\/api['"]/g)) {
    if (m[1].split(',').some((n) => n.trim().split(/\s+/)[0] === 'api')) return 'imports api() from lib/api';
  }
  return undefined;
}

/**
 * The faults of the modules `files` (paths relative to src, / between
 * folders, with their source): each a line « file → import: why ».
 */
export function layerFaults(files) {
  const faults = [];
  for (const { path, source } of files) {
    const from = layerOf(path);
    if (!from) {
      faults.push(`${path}: in no layer (scripts/check-layers.mjs places src's folders)`);
      continue;
    }
    if (noApi.has(from) && !/\.test\.tsx?$/.test(path)) {
      const why = callsApi(source);
      if (why) faults.push(`${path}: ${why}; a page calls its feature's functions (features/<feature>/)`);
    }
    for (const spec of importsOf(source)) {
      if (!spec.startsWith('.')) continue; // a package
      const target = join(dirname(path), spec).split(sep).join('/');
      if (target.startsWith('../')) continue; // outside src: data
      const to = layerOf(target.split('?')[0]);
      if (!to) {
        faults.push(`${path} → ${spec}: in no layer`);
        continue;
      }
      if (to !== from && !allowed[from].includes(to)) faults.push(`${path} → ${spec}: ${from} may not import ${to}`);
    }
  }
  return faults;
}

/** The .ts and .tsx files under dir (declarations aside), with their source. */
export function sourceFiles(dir) {
  const walk = (d) =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
  return walk(dir)
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => ({ path: relative(dir, f).split(sep).join('/'), source: readFileSync(f, 'utf8') }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = resolve(process.argv[2] ?? join(siteDir, 'src'));
  const files = sourceFiles(dir);
  const faults = layerFaults(files);
  if (faults.length > 0) {
    console.error(`check-layers: ${faults.length} import(s) against the layers of scripts/check-layers.mjs:`);
    for (const f of faults) console.error(`  ${f}`);
    process.exit(1);
  }
  console.log(`check-layers: ${files.length} modules, every import in its direction`);
}
