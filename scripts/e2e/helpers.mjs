// Shared set-up of the browser tests: the real Go binary on a random port
// over a temporary database, and the system Chromium through playwright-core.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBalancer } from './balancer.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(join(root, 'site', 'package.json'));
const { chromium } = require('playwright-core');

/** The route table and company profile the site is built from. */
export const routeTable = JSON.parse(readFileSync(join(root, 'site', 'routes.json'), 'utf8'));
export const company = JSON.parse(readFileSync(join(root, 'pkg', 'company', 'company.json'), 'utf8'));

/**
 * « (PostgreSQL) » when the tests run on PostgreSQL (postgres/engine.mjs),
 * after the name of a suite that runs on both engines: its two runs are
 * told apart in the report.
 */
export const onEngine = process.env.COURTIER_E2E_POSTGRES ? ' (PostgreSQL)' : '';

/** The document title of a route, as pkg/web and site/src/lib/page-title.ts format it. */
export function expectedTitle(entry) {
  return entry.path === '/' ? `${company.name} – ${entry.title}` : `${entry.title} – ${company.name}`;
}

/** Starts one `courtier serve` on a free port over dsn; resolves to { url, logs, stop }. */
async function startInstance(dsn, extra = []) {
  const proc = spawn(join(root, 'bin', 'courtier'), ['serve', '--addr', '127.0.0.1:0', '--db', dsn, ...extra], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let logs = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`le serveur n'a pas démarré:\n${logs}`)), 15000);
    proc.stderr.on('data', (chunk) => {
      logs += chunk;
      const m = /serveur prêt"? url=(http:\/\/[^\s]+)/.exec(logs);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.on('exit', (code) => reject(new Error(`le serveur s'est arrêté (${code}):\n${logs}`)));
  });
  return {
    url,
    logs: () => logs,
    stop: async () => {
      if (proc.exitCode !== null) return;
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    },
  };
}

/**
 * Starts bin/courtier serve on a free port over a temporary database;
 * resolves to { url, db, logs, stop }. With COURTIER_E2E_POSTGRES (a
 * PostgreSQL URL), the database is a schema of its own there and two
 * instances serve it behind a round-robin proxy (scripts/e2e/balancer.mjs),
 * as several servers behind a load balancer do: each request of the
 * browser may reach either. { engine: 'sqlite' } asks for SQLite whatever
 * the environment; extra are more flags of serve (SQLite only).
 */
export async function startServer({ engine, extra = [] } = {}) {
  const base = process.env.COURTIER_E2E_POSTGRES;
  if (base && engine !== 'sqlite') return startBalanced(base);
  const dir = mkdtempSync(join(tmpdir(), 'courtier-e2e-'));
  const db = join(dir, 'e2e.db');
  const one = await startInstance(db, extra);
  return {
    url: one.url,
    /** The database, for `courtier users create --db` while the server runs. */
    db,
    logs: one.logs,
    /** Stops the server and removes its database, unless { keep: true } (then remove() does). */
    stop: async ({ keep = false } = {}) => {
      await one.stop();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A new, empty PostgreSQL schema on base; resolves to { db, drop }. */
export function newSchema(base) {
  const schema = `e2e_${randomBytes(6).toString('hex')}`;
  execFileSync('psql', [base, '-qc', `CREATE SCHEMA ${schema}`]);
  const u = new URL(base);
  u.searchParams.set('search_path', schema);
  return {
    db: u.toString(),
    drop: () => execFileSync('psql', [base, '-qc', `SET client_min_messages = warning; DROP SCHEMA ${schema} CASCADE`]),
  };
}

/**
 * Two instances behind the balancer on a new PostgreSQL schema of base,
 * or on the schema given ({ db, drop } of newSchema).
 */
export async function startBalanced(base, schema = newSchema(base)) {
  const { db } = schema;
  const instances = [];
  instances.push(await startInstance(db, ['--trusted-proxies', '127.0.0.1/32']));
  instances.push(await startInstance(db, ['--trusted-proxies', '127.0.0.1/32']));
  const lb = await startBalancer(instances.map((i) => i.url));
  return {
    url: lb.url,
    db,
    instances,
    logs: () => instances.map((i, n) => `--- instance ${n + 1}\n${i.logs()}`).join('\n'),
    stop: async () => {
      await lb.stop();
      await Promise.all(instances.map((i) => i.stop()));
      schema.drop();
    },
  };
}

const axePath = require.resolve('axe-core/axe.min.js');

/**
 * The WCAG 2.1 A and AA violations (colour contrast included) axe-core
 * finds on the page, or in the part `selector` names, each in one line:
 * rule, impact, help and up to three of its nodes with what is wrong
 * there. The page's context must bypass CSP (`bypassCSP: true`) to take
 * axe's script; the site's own scripts are unchanged.
 */
export async function axe(page, { selector } = {}) {
  // Once per document: a second pass on the same page (the other theme,
  // a dialog opened) finds it there.
  if (!(await page.evaluate(() => typeof window.axe?.run === 'function'))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async (sel) => {
    const result = await window.axe.run(sel ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n')[1]?.trim() ?? ''})` : ''}`),
    }));
  }, selector ?? null);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.join('; ')}`);
}

/** The theme the page shows: 'light' or 'dark'. */
export function themeOf(page) {
  return page.evaluate(() => (document.body.classList.contains('dark-mode') ? 'dark' : 'light'));
}

/**
 * Switches the theme with the page's own toggle, as a person would (at
 * 375 px it sits in the closed menu, hence a click from the script), and
 * waits until the other theme is drawn. The choice is stored, so the next
 * page loads in it.
 */
export async function switchTheme(page) {
  const before = await themeOf(page);
  await page.evaluate(() => document.querySelector('.theme-toggle').click());
  await page.waitForFunction((was) => document.body.classList.contains('dark-mode') !== (was === 'dark')
    && document.querySelector('.theme-toggle').getAttribute('aria-pressed') === String(was !== 'dark'), before);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * fn(theme) in the theme the page shows, then in the other after its
 * toggle: one load for both themes. The page is left in the other theme,
 * which the next page loads in.
 */
export async function inBothThemes(page, fn) {
  await fn(await themeOf(page));
  await switchTheme(page);
  await fn(await themeOf(page));
}

/**
 * axe on the page in both themes (inBothThemes), each line starting with
 * its theme. `each(theme)` runs in each theme before axe (a screenshot).
 */
export async function axeBothThemes(page, { selector, each } = {}) {
  const found = [];
  await inBothThemes(page, async (theme) => {
    await each?.(theme);
    found.push(...(await axe(page, { selector })).map((v) => `${theme}: ${v}`));
  });
  return found;
}

/**
 * A full-page screenshot for a person to look at, saved only when
 * COURTIER_E2E_SHOTS names a folder (`COURTIER_E2E_SHOTS=/tmp/shots npm run
 * e2e`). It checks nothing, and each costs this browser 0.5–1.3 s of work
 * on a long page, so a test run does without.
 */
export async function keepShot(page, file) {
  const dir = process.env.COURTIER_E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, file), fullPage: true });
}

/**
 * A PNG or JPEG of a small HTML scene, as a phone's camera would give a
 * paper or a damaged car. One page per browser draws them all, one at a
 * time: opening a page costs this Chromium about a second of CPU (README,
 * CI), and it closes with the browser.
 */
export function sceneImage(browser, html, { width, height, type = 'png', quality = 80 }) {
  let studio = studios.get(browser);
  if (!studio) {
    studio = { page: newPage(browser, { width, height }).then(({ page }) => page), turn: Promise.resolve() };
    studios.set(browser, studio);
  }
  const shot = studio.turn.then(async () => {
    const page = await studio.page;
    await page.setViewportSize({ width, height });
    await page.setContent(html);
    return page.screenshot({ type, ...(type === 'jpeg' ? { quality } : {}) });
  });
  studio.turn = shot.catch(() => {});
  return shot;
}

const studios = new WeakMap();

/** Launches the system Chromium headless, never a downloaded browser. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** Opens a page that fails the test on any console error or uncaught exception, unless allowed. */
export async function newPage(browser, { width = 1280, height = 900, allowErrors = false, reducedMotion = 'reduce' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion, locale: 'fr-FR' });
  const page = await context.newPage();
  const errors = [];
  if (!allowErrors) {
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // 404 pages log the failed document load; that is the point of them.
      // The address of a failed load goes with it, to say which request failed.
      if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.location()?.url ? `${m.text()} (${m.location().url})` : m.text());
    });
  }
  return { page, context, errors };
}

/**
 * The visible text of the page's h1, once the app is running. With `want`
 * (a string or a RegExp) it waits until the h1 matches, since a client-side navigation renders after
 * the URL changes; without it, it waits until an h1 is visible.
 */
export async function heading(page, want, timeout = 10000) {
  const h1 = page.locator('main h1').first();
  await h1.waitFor({ state: 'visible', timeout });
  // A prerendered page shows its h1 before its script runs: wait until
  // React has attached, as a person's first click would in practice.
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached', timeout });
  const deadline = Date.now() + timeout;
  let text = (await h1.innerText()).trim();
  while (want !== undefined && !(want instanceof RegExp ? want.test(text) : text === want)) {
    if (Date.now() > deadline) return text;
    await page.waitForTimeout(50);
    text = (await h1.first().innerText().catch(() => '')).trim();
  }
  return text;
}

/**
 * Resolves once the page has nothing left to load or draw: its fonts are
 * in, no resource has finished loading for quietMs, and two frames have
 * been drawn since. Tests that look for what happens late (a layout
 * shift, a render from scratch) wait for this rather than a fixed time.
 */
export function settled(page, quietMs = 300) {
  return page.evaluate(async (quiet) => {
    await document.fonts.ready;
    const loaded = () => performance.getEntriesByType('resource').length;
    for (let n = -1; n !== loaded();) {
      n = loaded();
      await new Promise((r) => setTimeout(r, quiet));
    }
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  }, quietMs);
}

/**
 * Starts one server and one browser for the test file and stops them at
 * its end; the returned object holds them once the tests run.
 */
export function useServerAndBrowser() {
  const env = { server: undefined, browser: undefined };
  before(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
