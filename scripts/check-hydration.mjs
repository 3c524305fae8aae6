// Loads every prerendered page of site/dist in headless Chromium, served the
// way the Go server is to serve them (the session block before #root, the
// markers of a signed-in variant replaced), and checks that React hydrates
// it: no console error or warning, no page error, the h1 never replaced and
// the same before and after the scripts. Run after `npm run build`:
//
//   node scripts/check-hydration.mjs [site/dist]
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { markers } from './prerender.mjs';

const dist = resolve(process.argv[2] ?? new URL('../site/dist', import.meta.url).pathname);
const require = createRequire(join(dist, '..', 'package.json'));
const { chromium } = require('playwright-core');
const manifest = JSON.parse(readFileSync(join(dist, 'prerender', 'manifest.json'), 'utf8'));


/** Go's html.EscapeString. */
function escapeHTML(s) {
  return s.replace(/[&'<>"]/g, (c) => ({ '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;', '"': '&#34;' })[c]);
}

/** A signed-in user whose strings need escaping. */
function user(role) {
  return {
    uid: 'u-1', email: 'zoe.o\'brien@example.fr', displayName: 'Zoé <O\'Brien> & "Cie" 2 !', role,
    status: 'active', createdAt: '2025-01-02T03:04:05Z', updatedAt: '2025-01-02T03:04:05Z',
  };
}

/** What the Go server is to do: pick the variant, replace the markers, insert the session. */
function document(files, variant) {
  let html = readFileSync(join(dist, 'prerender', files[variant]), 'utf8');
  const u = variant === 'visitor' ? null : user(variant);
  if (u) {
    html = html.replaceAll(markers.name, escapeHTML(u.displayName || u.email))
      .replaceAll(markers.email, escapeHTML(u.email)).replaceAll(markers.uid, escapeHTML(u.uid));
  }
  const json = JSON.stringify({ user: u }).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  const block = `<script type="application/json" id="courtier-session">${json}</script>\n    `;
  return html.replace('<div id="root">', block + '<div id="root">');
}

const types = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.woff2': 'font/woff2', '.png': 'image/png', '.webp': 'image/webp' };

function serve(req, res) {
  const url = new URL(req.url, 'http://x');
  const variant = req.headers['x-variant'] ?? 'visitor';
  if (url.pathname.startsWith('/api/')) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"ENOTFOUND","message":"-"}}');
    return;
  }
  if (!extname(url.pathname)) {
    const files = manifest.routes[url.pathname] ?? manifest.notFound;
    res.writeHead(manifest.routes[url.pathname] ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(document(files, variant));
    return;
  }
  const file = normalize(join(dist, url.pathname));
  if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
}

// Before any script: note every h1 taken out of the document (a client
// render in place of hydration would replace the page).
const watch = () => {
  window.__removed = 0;
  new MutationObserver((recs) => {
    for (const r of recs) for (const n of r.removedNodes) {
      if (n.nodeType === 1 && (n.matches('h1') || n.querySelector('h1'))) window.__removed++;
    }
  }).observe(document, { childList: true, subtree: true });
};

async function check(browser, origin, path, variant, dark, fresh) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-variant': variant } });
  if (dark) await context.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  await context.addInitScript(watch);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    if (/Failed to load resource.*404/.test(m.text())) return; // the fake API
    problems.push(`${m.type()}: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const res = await page.goto(origin + path, { waitUntil: 'load' });
  const served = (await res.text()).match(/<h1[^>]*>(.*?)<\/h1>/s)?.[1]?.replace(/<[^>]+>/g, '');
  await page.waitForTimeout(600);
  const after = await page.locator('h1').first().innerText();
  const removed = await page.evaluate(() => window.__removed);
  const hydrated = await page.evaluate(() => Object.keys(document.querySelector('#root > header') ?? {}).some((k) => k.startsWith('__react')));
  if (!served) problems.push('no h1 in the served HTML');
  else if (served.replace(/&nbsp;|\u00a0/g, ' ').replace(/&#x27;|&#39;/g, "'").trim() !== after.replace(/\u00a0/g, ' ').trim()) problems.push(`h1 « ${served} » became « ${after} »`);
  // A not-found path under a navbar link is rendered afresh, on purpose (main.tsx).
  if (removed && !fresh) problems.push(`${removed} h1 removed: rendered again instead of hydrated`);
  if (!hydrated) problems.push('React did not attach to the prerendered HTML');
  await context.close();
  return problems;
}

const server = createServer(serve);
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
let failed = 0;
const cases = [];
for (const path of Object.keys(manifest.routes)) for (const v of ['visitor', 'client', 'agent', 'admin']) cases.push([path, v, false]);
cases.push(['/nulle-part', 'visitor', false], ['/nulle-part', 'client', false], ['/insurance/nope', 'visitor', false, true], ['/', 'visitor', true], ['/contact', 'client', true]);
try {
  for (const [path, variant, dark, fresh] of cases) {
    const problems = await check(browser, origin, path, variant, dark, fresh);
    const name = `${path} ${variant}${dark ? ' dark' : ''}`;
    if (problems.length) {
      failed++;
      console.log(`FAIL ${name}\n  ${problems.join('\n  ')}`);
    } else console.log(`ok   ${name}`);
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`${cases.length - failed}/${cases.length} pages hydrated cleanly`);
process.exit(failed ? 1 : 0);
