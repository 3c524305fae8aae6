// The parts of every page: navigation bar, mobile menu, theme, error screen.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { company, heading, newPage, useServerAndBrowser } from './helpers.mjs';
import { registerClient } from './desk-helpers.mjs';

const navLabels = ['Accueil', 'Services', 'Assurances', 'Blog', 'Actualités', 'Carrières', 'À propos', 'Contact'];


const env = useServerAndBrowser();

describe('navigation bar', () => {
  test('links, call button, sign-in links and the active link', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(env.server.url + '/');
    await heading(page);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const labels = await nav.locator('.nav-links a').allInnerTexts();
    assert.deepEqual(labels.map((l) => l.trim()), navLabels);
    assert.equal(await nav.locator('a[href^="tel:"]').getAttribute('href'), `tel:${company.phoneInternational}`);
    assert.equal(await nav.getByRole('link', { name: 'Connexion' }).getAttribute('href'), '/login');
    assert.equal(await nav.getByRole('link', { name: 'Inscription' }).getAttribute('href'), '/register');

    await nav.getByRole('link', { name: 'Assurances', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/insurance');
    assert.equal(await heading(page, 'Nos assurances'), 'Nos assurances');
    const current = nav.locator('[aria-current="page"]');
    assert.equal(await current.count(), 1);
    assert.equal((await current.innerText()).trim(), 'Assurances');
    assert.match(await current.getAttribute('class'), /active/);

    // A product page keeps "Assurances" active.
    await page.goto(env.server.url + '/insurance/car');
    await heading(page);
    assert.equal((await nav.locator('[aria-current="page"]').innerText()).trim(), 'Assurances');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the mobile menu at 375 px opens, closes on a link and on Escape', async () => {
    const { page, context, errors } = await newPage(env.browser, { width: 375, height: 740 });
    await page.goto(env.server.url + '/');
    await heading(page);
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
    const blog = page.locator('.nav-links').getByRole('link', { name: 'Blog' });
    assert.equal(await blog.isVisible(), false);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');

    await toggle.click();
    const close = page.getByRole('button', { name: 'Fermer le menu' });
    assert.equal(await close.getAttribute('aria-expanded'), 'true');
    await blog.waitFor({ state: 'visible' });
    await blog.click();
    await page.waitForURL((u) => u.pathname === '/blog');
    await blog.waitFor({ state: 'hidden' });
    assert.equal(await page.getByRole('button', { name: 'Ouvrir le menu' }).getAttribute('aria-expanded'), 'false');

    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await blog.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await blog.waitFor({ state: 'hidden' });

    // No horizontal scrolling at 375 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('keyboard alone reaches the menu and follows a link', async () => {
    const { page, context } = await newPage(env.browser);
    await page.goto(env.server.url + '/');
    await heading(page);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Aller au contenu');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Contact') break;
    }
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/contact');
    await context.close();
  });
});

describe('account menu and chat panel', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px the account menu opens over the open chat panel, every item clickable`, async () => {
      const { page, context, errors } = await newPage(env.browser, { width, height: 740 });
      await page.goto(env.server.url + '/');
      await heading(page);
      await registerClient(page, env.server.url, `menu${Date.now()}${Math.random()}@exemple.fr`, 'Inès Moreau');
      await page.goto(env.server.url + '/dashboard');
      await heading(page, 'Tableau de bord');
      await page.getByRole('button', { name: "Ouvrir l’assistant" }).click();
      const panel = page.getByRole('dialog', { name: 'Assistant' });
      await panel.getByRole('log').getByText(/Je peux/).waitFor();

      // The chat panel leaves the navigation bar uncovered…
      const [nav, chat] = await Promise.all([page.locator('.navbar').boundingBox(), panel.boundingBox()]);
      assert.ok(chat.y >= nav.y + nav.height, `the chat panel (top ${chat.y}) covers the navigation bar (bottom ${nav.y + nav.height})`);
      // …and the account menu opens over the panel.
      if (width < 900) await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page.getByRole('button', { name: /Inès Moreau/ }).click();
      const items = page.getByRole('menu', { name: 'Mon compte' }).getByRole('menuitem');
      assert.equal(await items.count(), 6); // Profil, Tableau de bord, Mes devis, Mes contrats, Mes sinistres, Déconnexion
      for (const item of await items.all()) {
        await item.scrollIntoViewIfNeeded(); // the phone menu scrolls when taller than the screen
        const hit = await item.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return { covered: !el.contains(top), by: top?.className ?? String(top) };
        });
        assert.equal(hit.covered, false, `${await item.innerText()} is covered by ${hit.by}`);
      }
      await items.filter({ hasText: 'Mes devis' }).click();
      await page.waitForURL((u) => u.pathname === '/my-quotes');
      assert.equal(await heading(page, 'Mes devis'), 'Mes devis');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('theme', () => {
  test('light by default, toggled, saved under darkMode and restored on reload', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(env.server.url + '/about');
    await heading(page);
    assert.equal(await page.evaluate(() => document.body.classList.contains('dark-mode')), false);
    const toggle = page.getByRole('button', { name: 'Thème sombre' });
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    assert.equal(await page.evaluate(() => localStorage.getItem('darkMode')), 'true');
    assert.equal(await page.evaluate(() => document.body.classList.contains('dark-mode')), true);

    // The class must be on <body> before the app renders anything: no flash of the light theme.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        window.__darkAtLoad = document.body.classList.contains('dark-mode');
      });
    });
    await page.reload();
    await heading(page);
    assert.equal(await page.evaluate(() => window.__darkAtLoad), true);
    assert.equal(await page.evaluate(() => document.body.classList.contains('dark-mode')), true);
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.notEqual(bg, 'rgb(255, 255, 255)');

    await page.getByRole('button', { name: 'Thème sombre' }).click();
    assert.equal(await page.evaluate(() => localStorage.getItem('darkMode')), 'false');
    await page.reload();
    await heading(page);
    assert.equal(await page.evaluate(() => document.body.classList.contains('dark-mode')), false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  // Under reduced motion the other theme is drawn at once. The common
  // reset (every duration 0.01 ms) made each property change of each element
  // a transition: a toggle started 237, and a slow machine read the old
  // colours two frames later (axe saw dark text on a light footer in CI).
  for (const reducedMotion of ['reduce', 'no-preference']) {
    test(`a toggle starts no transition, and a spinner turns only without reduced motion (${reducedMotion})`, async () => {
      const { page, context, errors } = await newPage(env.browser, { width: 375, reducedMotion });
      await page.goto(env.server.url + '/about');
      await heading(page);
      const seen = await page.evaluate(() => {
        const title = document.querySelector('#footer-company');
        document.querySelector('.theme-toggle').click();
        const started = document.getAnimations().length;
        const spinner = document.body.appendChild(Object.assign(document.createElement('div'), { className: 'loading-spinner' }));
        const turning = spinner.getAnimations().length;
        spinner.remove();
        return { dark: document.body.classList.contains('dark-mode'), started, colour: getComputedStyle(title).color, turning };
      });
      assert.deepEqual(seen, { dark: true, started: 0, colour: 'rgb(231, 237, 245)', turning: reducedMotion === 'reduce' ? 0 : 1 });
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('loading, stale chunks and the error screen', () => {
  test('a stale chunk reloads the page once, then the error screen is shown and reported', async () => {
    const { page, context } = await newPage(env.browser, { allowErrors: true });
    await page.goto(env.server.url + '/');
    await heading(page);
    let aborted = 0;
    await page.route('**/assets/careers-*.js', (route) => {
      aborted++;
      return route.abort();
    });
    const report = page.waitForResponse((r) => r.url().endsWith('/api/client-errors') && r.request().method() === 'POST');
    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Carrières' }).click();
    const title = page.getByRole('heading', { level: 1 });
    await title.filter({ hasText: 'Quelque chose s' }).waitFor({ timeout: 15000 });
    assert.match(await title.innerText(), /^Oups\s! Quelque chose s’est mal passé$/);
    assert.equal(loads, 1, 'the page reloads exactly once');
    assert.ok(aborted >= 2);
    const reported = await report;
    const body = JSON.parse(reported.request().postData());
    assert.equal(body.route, '/careers');
    assert.ok(body.message.length > 0);
    assert.deepEqual(Object.keys(body).sort(), ['message', 'route', 'time']);
    const text = await page.locator('main').innerText();
    assert.match(text, /équipe technique a été prévenue/);
    assert.ok(text.includes(company.phone.replaceAll(' ', '\u00a0')) && text.includes(company.email));
    assert.ok(await page.getByRole('button', { name: 'Recharger la page' }).isVisible());
    // The server logs the report before it answers; the line reaches this
    // process through another pipe than the answer, so it is waited for.
    assert.equal(reported.status(), 204);
    for (let i = 0; i < 50 && !/erreur signalée par le navigateur/.test(env.server.logs()); i++) await page.waitForTimeout(100);
    assert.match(env.server.logs(), /erreur signalée par le navigateur/);

    await page.unroute('**/assets/careers-*.js');
    await page.getByRole('link', { name: "Retour à l’accueil" }).click();
    await page.waitForURL((u) => u.pathname === '/');
    assert.match(await heading(page, /^(?!Oups|Page introuvable)/), /^(?!Oups|Page introuvable)/);
    await context.close();
  });

  test('the loading screen reads "Chargement…" while a page chunk loads', async () => {
    const { page, context } = await newPage(env.browser);
    await page.goto(env.server.url + '/');
    await heading(page);
    let release;
    const gate = new Promise((r) => { release = r; });
    await page.route('**/assets/news-*.js', async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Actualités' }).click();
    const loading = page.getByRole('status').filter({ hasText: 'Chargement…' });
    await loading.waitFor({ state: 'visible' });
    release();
    await page.waitForURL((u) => u.pathname === '/news');
    assert.equal(await heading(page, 'Actualités'), 'Actualités');
    await loading.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('page transition', () => {
  test('navigating runs a view transition whose durations are 0.5 s in and 0.3 s out', async () => {
    const { page, context, errors } = await newPage(env.browser, { reducedMotion: 'no-preference' });
    await page.addInitScript(() => {
      window.__transitions = 0;
      const start = document.startViewTransition?.bind(document);
      if (start) {
        document.startViewTransition = (cb) => {
          window.__transitions++;
          return start(cb);
        };
      }
    });
    await page.goto(env.server.url + '/');
    await heading(page);
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Services' }).click();
    await heading(page, 'Nos services');
    assert.ok((await page.evaluate(() => window.__transitions)) >= 1, 'no view transition ran');
    const rules = await page.evaluate(() =>
      [...document.styleSheets].flatMap((sh) => [...sh.cssRules].map((r) => r.cssText)).filter((t) => t.includes('::view-transition')),
    );
    assert.ok(rules.some((t) => /::view-transition-new\(page\)/.test(t) && /0\.5s/.test(t)), 'no 0.5 s entry animation');
    assert.ok(rules.some((t) => /::view-transition-old\(page\)/.test(t) && /0\.3s/.test(t)), 'no 0.3 s exit animation');
    assert.ok(rules.some((t) => t.includes('prefers-reduced-motion')), 'no reduced-motion rule');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('headers', () => {
  test('security headers and compression on the served page', async () => {
    const res = await fetch(env.server.url + '/', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-security-policy'), /script-src 'self' 'sha256-/);
    assert.doesNotMatch(res.headers.get('content-security-policy'), /unsafe-inline/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('content-encoding'), 'gzip');
    const html = await res.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)[1];
    const a = await fetch(env.server.url + asset, { headers: { 'Accept-Encoding': 'br, gzip' } });
    assert.equal(a.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(a.headers.get('content-encoding'), 'br');
  });
});
