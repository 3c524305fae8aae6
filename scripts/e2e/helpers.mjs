// Shared set-up of the browser tests: the real Go binary on a random port
// over a temporary database, and the system Chromium through playwright-core.
import { spawn } from 'node:child_process';
import { after, before } from 'node:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(join(root, 'site', 'package.json'));
const { chromium } = require('playwright-core');

/** The route table and company profile the site is built from. */
export const routeTable = JSON.parse(readFileSync(join(root, 'site', 'routes.json'), 'utf8'));
export const company = JSON.parse(readFileSync(join(root, 'pkg', 'company', 'company.json'), 'utf8'));

/** The document title of a route, as pkg/web and site/src/lib/page-title.ts format it. */
export function expectedTitle(entry) {
  return entry.path === '/' ? `${company.name} – ${entry.title}` : `${entry.title} – ${company.name}`;
}

/** Starts bin/courtier serve on a free port; resolves to { url, logs, stop }. */
export async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'courtier-e2e-'));
  const proc = spawn(join(root, 'bin', 'courtier'), ['serve', '--addr', '127.0.0.1:0', '--db', join(dir, 'e2e.db')], {
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
    /** The database file, for `courtier users create --db` while the server runs. */
    db: join(dir, 'e2e.db'),
    logs: () => logs,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

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
