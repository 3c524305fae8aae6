// Renders every public route of site/routes.json (not protected, no
// ":param") to HTML with the site's SSR build, into DIST/prerender/: the
// built index.html with its #root filled, once per variant of the session
// (a visitor, and a signed-in client, agent and admin whose name, e-mail
// and uid are markers the Go server replaces), and a manifest.json that
// maps each path to its four files. See docs in site/src/entry-server.tsx.
// Every route also gets its app shell: index.html preloading the route's
// page chunk and the chunks it imports, so that code loads alongside the
// main script instead of after it (manifest.json's "shells"); the Go
// server sends it where it has no prerendered page to send.
//
// usage: node prerender.mjs SSR_ENTRY DIST
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The strings the Go server replaces in a signed-in variant. */
export const markers = { name: '\uE000name\uE000', email: '\uE000email\uE000', uid: '\uE000uid\uE000' };

/** The sessions each page is rendered with, by variant name. */
export const variants = {
  visitor: { user: null },
  ...Object.fromEntries(['client', 'agent', 'admin'].map((role) => [role, {
    user: {
      uid: markers.uid, email: markers.email, displayName: markers.name, role,
      status: 'active', createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z',
    },
  }])),
};

/** The path the not-found page is rendered at: under no route and no link of the navbar. */
export const notFoundPath = '/__introuvable__';

/** The routes served prerendered: neither protected nor with a parameter. */
export function publicRoutes(routes) {
  return routes.filter((r) => !r.protected && !r.path.includes(':'));
}

/** The file stem of a path: "/" is "home", "/insurance/car" is "insurance-car". */
export function fileStem(path) {
  return path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
}

/** The file of a route's shell; without the ":" of a parameter, which go:embed refuses in a name. */
export function shellFile(path) {
  return `${fileStem(path).replaceAll(':', '')}.shell.html`;
}

const rootTag = '<div id="root"></div>';

/** index.html with html inside #root; the opening tag stays as Go looks for it. */
export function fillRoot(index, html) {
  const at = index.indexOf(rootTag);
  if (at < 0 || index.indexOf(rootTag, at + 1) >= 0) throw new Error(`index.html needs exactly one ${rootTag}`);
  return index.slice(0, at) + `<div id="root">${html}</div>` + index.slice(at + rootTag.length);
}

/**
 * The manifest's key of a product's rating data, `part` "price" (its form)
 * or "cover" (its formulas and IPID): a view of vite.config.ts, keyed by
 * its absolute path.
 */
function priceView(manifest, part, product) {
  const suffix = `rates.json?${part}-${product}`;
  return Object.keys(manifest).find((k) => k.endsWith(`pkg/pricing/${suffix}`)) ?? suffix;
}

/**
 * The modules a route's page loads before its first render, besides its
 * own (the pages' `prepare`): a product page's copy, a priced product's
 * rating data.
 */
const pageData = {
  'insurance-product': (route) => [`src/content/products/${route.product}.ts`],
  'instant-price': (route, manifest) => [priceView(manifest, 'price', route.product)],
  ipid: (route, manifest) => [priceView(manifest, 'price', route.product), priceView(manifest, 'cover', route.product)],
};

/**
 * The assets a route's page needs from the client build's manifest (Vite's
 * .vite/manifest.json): the CSS of its chunk and of the chunks it imports,
 * in the order Vite would load them, and those chunks' files, without
 * what index.html already loads; then the same for the data it prepares.
 */
export function pageAssets(manifest, route) {
  const keys = [`src/pages/${route.page}.tsx`];
  if (pageData[route.page] && route.product) keys.push(...pageData[route.page](route, manifest));
  return { ...chunkAssets(manifest, keys), page: manifest[keys[0]].file };
}

/**
 * The CSS and chunk files of the manifest's `keys` and of the chunks they
 * import, in the order Vite would load them, without the entry's.
 */
export function chunkAssets(manifest, keys) {
  for (const key of keys) if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
  const css = [];
  const js = [];
  const seen = new Set();
  function visit(k) {
    if (seen.has(k) || manifest[k]?.isEntry) return;
    seen.add(k);
    const chunk = manifest[k];
    for (const dep of chunk.imports ?? []) visit(dep);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
    js.push(chunk.file);
  }
  for (const key of keys) visit(key);
  return { css, js };
}

/** The id of the element that ends a prerendered document's body. */
const endMark = 'fin-du-document';

const stylesheetRe = /\s*<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const entryScriptRe = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const modulePreloadRe = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * index.html as the shell of a page: a <link rel="modulepreload"> for each
 * of the page's chunks (assets.js) it does not preload yet, after its own,
 * so the browser fetches the page's code while it fetches the main script.
 */
export function withModulePreloads(index, assets) {
  const have = new Set([...index.matchAll(modulePreloadRe)].map((m) => m[1]));
  const links = assets.js.map((f) => `/${f}`).filter((href) => !have.has(href))
    .map((href) => `\n    <link rel="modulepreload" crossorigin href="${href}">`).join('');
  if (!index.includes('\n  </head>')) throw new Error('index.html needs its </head> on a line of its own');
  return index.replace('\n  </head>', `${links}\n  </head>`);
}

/**
 * The inline script that loads the page's modules once the first frame is
 * on screen: the page is whole without them, and on a slow phone or
 * network, fetching and compiling them before that frame would hold it
 * back. « On screen » is the browser's first-contentful-paint entry, which
 * comes once the frame is presented (a frame's requestAnimationFrame runs
 * before its paint, and a timer set there may fire before it is shown);
 * requestAnimationFrame is the fallback where that entry is not reported.
 * A hidden tab paints no frame, hence the timer too; whichever comes first
 * loads them, once. The main script carries the page's module in
 * data-page: src/main.tsx hydrates with it, without the map of every page.
 */
export function loaderScript(entry, preloads, page) {
  return `(function(){var d=document,done=0;function go(){if(done++)return;${JSON.stringify(preloads)}.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});var s=d.createElement('script');s.type='module';s.crossOrigin='';s.dataset.page=${JSON.stringify(page)};s.src=${JSON.stringify(entry)};d.head.appendChild(s)}try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}}).observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(go)})}setTimeout(go,500)})()`;
}

/**
 * index.html for a prerendered page: its CSS in a <style> in place of the
 * entry's stylesheet link, so the first paint needs nothing but this
 * response, and its modules (the entry, the chunks the entry preloads and
 * the page's) loaded after that paint by loaderScript. Each inlined
 * stylesheet keeps a link, disabled so the browser does not fetch it, for
 * Vite's preload helper: it skips the stylesheets a link already names
 * when the chunk loads.
 */
export function withPageAssets(index, assets, read) {
  const entryCss = [...index.matchAll(stylesheetRe)].map((m) => m[1]);
  const entries = [...index.matchAll(entryScriptRe)].map((m) => m[1]);
  if (entries.length !== 1) throw new Error(`index.html needs exactly one module script, found ${entries.length}`);
  const preloads = [...index.matchAll(modulePreloadRe)].map((m) => m[1]);
  for (const f of assets.js) if (!preloads.includes(`/${f}`)) preloads.push(`/${f}`);
  const css = [...entryCss, ...assets.css.map((f) => `/${f}`)].map((f) => read(f).trim()).join('\n');
  if (/<\/style/i.test(css)) throw new Error('a stylesheet contains "</style"');
  const head = [
    // The whole page is in this response: painting it before it is all
    // parsed would only show it in pieces that move (Chromium's rel=expect).
    `<link rel="expect" href="#${endMark}" blocking="render">`,
    `<style>${css}</style>`,
    // The entry's too: an island's chunk names the stylesheet its CSS went into, often the entry's.
    ...[...entryCss, ...assets.css.map((f) => `/${f}`)].map((f) => `<link rel="stylesheet" href="${f}" disabled>`),
  ].map((tag) => `\n    ${tag}`).join('');
  const out = index.replace(stylesheetRe, '').replace(entryScriptRe, '').replace(modulePreloadRe, '');
  return out.replace('\n  </head>', `${head}\n  </head>`)
    .replace('\n  </body>', `\n    <template id="${endMark}"></template>\n    <script>${loaderScript(entries[0], preloads, `/${assets.page}`)}</script>\n  </body>`);
}

async function main([entry, dist]) {
  if (!entry || !dist) {
    console.error('usage: node prerender.mjs SSR_ENTRY DIST');
    process.exit(2);
  }
  const started = performance.now();
  const { render, routes } = await import(pathToFileURL(resolve(entry)).href);
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  const viteManifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const read = (file) => readFileSync(join(dist, file), 'utf8');
  const out = join(dist, 'prerender');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  async function page(path, stem, route) {
    const doc = withPageAssets(index, pageAssets(viteManifest, route), read);
    const files = {};
    for (const [name, session] of Object.entries(variants)) {
      const file = `${stem}.${name}.html`;
      writeFileSync(join(out, file), fillRoot(doc, await render(path, session)));
      files[name] = file;
    }
    return files;
  }

  const manifest = { routes: {}, notFound: null, shells: {} };
  const pages = publicRoutes(routes);
  const stems = new Set();
  for (const r of pages) {
    const stem = fileStem(r.path);
    if (stems.has(stem)) throw new Error(`two routes write ${stem}`);
    stems.add(stem);
    manifest.routes[r.path] = await page(r.path, stem, r);
  }
  manifest.notFound = await page(notFoundPath, 'not-found', { page: 'not-found' });
  const pageMap = chunkAssets(viteManifest, ['src/app/page-map.ts']).js;
  const shells = new Set();
  for (const r of routes) {
    const file = shellFile(r.path);
    if (shells.has(file)) throw new Error(`two routes write ${file}`);
    shells.add(file);
    // A shell renders in the browser through the router, which finds the page in the page map.
    const assets = pageAssets(viteManifest, r);
    writeFileSync(join(out, file), withModulePreloads(index, { ...assets, js: [...assets.js, ...pageMap] }));
    manifest.shells[r.path] = file;
  }
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  const ms = Math.round(performance.now() - started);
  console.log(`prerender: ${pages.length + 1} pages × ${Object.keys(variants).length} variants, ${shells.size} shells in ${ms} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main(process.argv.slice(2));
}
