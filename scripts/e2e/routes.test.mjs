// Every protected route of site/routes.json through the real server
// redirects to /login; unknown paths get the 404 page.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { company, heading, newPage, routeTable, useServerAndBrowser } from './helpers.mjs';
import { password, registerClient } from './desk-helpers.mjs';

const env = useServerAndBrowser();

// Each public route's status, title, description and heading are checked
// in nojs.test.mjs (« with JavaScript »), on the same visit as its hydration.

describe('protected routes', () => {
  // One page for every protected route, each test starting with a load of
  // /about: opening a page costs this Chromium about a second of CPU, a
  // navigation a fraction of that (README, CI). Nobody signs in there.
  let shared;
  after(() => shared?.context.close());
  for (const entry of routeTable.routes.filter((r) => r.protected)) {
    // One page for both ways in: the redirect from within the app, then the address loaded directly.
    test(`${entry.path} redirects to /login, replacing the history entry; loaded directly, the same, and Back skips it`, async () => {
      shared ??= await newPage(env.browser);
      const { page, context, errors } = shared;
      errors.length = 0;
      await context.clearCookies();
      await page.goto(env.server.url + '/about');
      await heading(page);
      await page.evaluate((p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, entry.path);
      await page.waitForURL((u) => u.pathname === '/login');
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('next'), entry.path);
      assert.match(await heading(page, 'Connexion'), /^Connexion$/);
      // Back leaves /login for the page before the protected one: the redirect replaced its entry.
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/about');
      assert.deepEqual(errors, []);

      // Loaded directly: the server sends the page, the app lands on /login, Back returns to /about.
      await heading(page);
      const res = await page.goto(env.server.url + entry.path);
      assert.equal(res.status(), 200);
      await page.waitForURL((u) => u.pathname === '/login');
      assert.match(await heading(page, 'Connexion'), /^Connexion$/);
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/about');
      assert.deepEqual(errors, []);
    });
  }

  test('signing in with an odd ?next= lands on /dashboard without an error; a path of the site is followed', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(env.server.url + '/');
    await heading(page);
    const email = `suivant${Date.now()}@exemple.fr`;
    await registerClient(page, env.server.url, email, '');
    // The value of next, as written in the address: raw control characters,
    // the same percent-encoded once more, another origin; then a real page.
    for (const [next, lands] of [['%2F%0D%0A', '/dashboard'], ['%2F%250d%250a', '/dashboard'], ['%2F%09%2Fevil.example', '/dashboard'],
      ['%2F%2Fevil.example', '/dashboard'], ['%2Fmy-quotes', '/my-quotes']]) {
      // The dashboard's own request ends first: one still under way when
      // the session ends behind its back would get a 401 no person can cause.
      if (new URL(page.url()).pathname === '/dashboard') await page.getByText(/Vous n’avez encore envoyé aucune demande/).waitFor();
      assert.equal(await page.evaluate(async () => (await fetch('/api/auth/logout', { method: 'POST' })).status), 204);
      await page.goto(`${env.server.url}/login?next=${next}`);
      await heading(page, 'Connexion');
      await page.getByLabel('Adresse e-mail').fill(email);
      await page.getByLabel('Mot de passe', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL((u) => u.pathname !== '/login');
      assert.equal(new URL(page.url()).origin, env.server.url, next);
      assert.equal(new URL(page.url()).pathname, lands, next);
      await heading(page, lands === '/dashboard' ? 'Tableau de bord' : 'Mes devis');
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an in-app link to a protected page pushes /login, and Back returns to the page of the link', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(env.server.url + '/');
    await heading(page);
    await page.getByRole('navigation', { name: /principal/i }).getByRole('link', { name: 'Services' }).first().click();
    await heading(page, 'Nos services');
    await page.getByRole('link', { name: 'Accéder à mon espace client' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('next'), '/dashboard');
    assert.match(await heading(page, 'Connexion'), /^Connexion$/);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/services');
    assert.equal(await heading(page, 'Nos services'), 'Nos services');
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/');
    // A redirect during a view transition makes Chromium skip that
    // transition and reject its promise inside react-router: nothing the
    // visitor sees (the page is right, as checked above). Every other error counts.
    assert.deepEqual(errors.filter((e) => !/^Transition was skipped/.test(String(e))), []);
    await context.close();
  });
});

describe('not found', () => {
  for (const path of ['/nulle-part', '/insurance/bateau', '/my-quotes/42']) {
    test(`${path} answers 404 with the not-found page`, async () => {
      const { page, context } = await newPage(env.browser);
      const res = await page.goto(env.server.url + path);
      assert.equal(res.status(), 404);
      assert.equal(await heading(page), 'Page introuvable');
      assert.equal(await page.title(), `${routeTable.notFound.title} – ${company.name}`);
      await page.getByRole('link', { name: 'Toutes nos assurances' }).click();
      await page.waitForURL((u) => u.pathname === '/insurance');
      await context.close();
    });
  }

  test('a client-side link to an unknown path shows the not-found page', async () => {
    const { page, context } = await newPage(env.browser);
    await page.goto(env.server.url + '/');
    await heading(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/introuvable');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    assert.equal(await heading(page, 'Page introuvable'), 'Page introuvable');
    await context.close();
  });
});

describe('footer', () => {
  test('every footer link resolves to a real page', async () => {
    const { page, context } = await newPage(env.browser);
    await page.goto(env.server.url + '/');
    await heading(page);
    const links = await page.locator('footer a').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href'), text: a.textContent })));
    const internal = links.filter((l) => l.href.startsWith('/'));
    const paths = new Set(internal.map((l) => l.href));
    for (const want of ['/insurance/car', '/insurance/home', '/insurance/health', '/insurance/life', '/insurance/fleet',
      '/insurance/vtc', '/about', '/contact', '/blog', '/news', '/careers', '/quote-request', '/privacy', '/terms', '/mentions-legales', '/reclamations', '/accessibilite']) {
      assert.ok(paths.has(want), `footer lacks ${want}`);
    }
    for (const link of internal) {
      await page.goto(env.server.url + link.href);
      const h1 = await heading(page, /.*/);
      assert.notEqual(h1, 'Page introuvable', `${link.href} leads to the not-found page`);
    }
    const external = links.filter((l) => !l.href.startsWith('/')).map((l) => l.href);
    for (const want of [company.socialMedia.facebook, company.socialMedia.linkedin, company.socialMedia.instagram,
      `tel:${company.phoneInternational}`, `mailto:${company.email}`]) {
      assert.ok(external.includes(want), `footer lacks ${want}`);
    }
    const text = await page.locator('footer').innerText();
    for (const want of [company.phone, company.email, company.siret, company.orias, '2024']) {
      // Typeset: the groups of a number never break across lines.
      assert.ok(text.includes(want.replaceAll(' ', '\u00a0')), `footer lacks ${want}`);
    }
    await context.close();
  });
});
