// The public pages as HTML: without JavaScript each shows its heading, its
// text, the footer's company details, plain links and a reachable menu; an
// unknown path is a real 404 page. With JavaScript, hydrating that HTML logs
// no hydration error and nothing shifts while the page loads, and its visible
// text keeps French typography (typography-faults.mjs: that visit is the one
// load of each page at each width that typography.test.mjs relies on).
// Headings are in order (one h1, no skipped level) both ways.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { company, expectedTitle, heading, newPage, routeTable, settled, useServerAndBrowser } from './helpers.mjs';
import { createUser, signIn } from './desk-helpers.mjs';
import { typographyFaults } from './typography-faults.mjs';

const env = useServerAndBrowser();
const publicRoutes = routeTable.routes.filter((r) => !r.protected && !r.path.includes(':'));

/** Spaces, non-breaking ones included (typeset numbers), as one plain space. */
const norm = (s) => s.replace(/\s+/g, ' ').trim();

/** The footer's company details, as company.json holds them. */
const companyDetails = [company.name, company.phone, company.address, `${company.postalCode} ${company.city}`];

/**
 * The h1 and one sentence of the main text of a page as the browser shows it:
 * the first paragraph of main outside any form, long enough to be prose.
 */
async function pageText(page) {
  const h1 = norm(await page.locator('main h1').first().innerText());
  const sentence = await page.locator('main p').evaluateAll((ps) => {
    const visible = (p) => p.offsetParent !== null && !p.closest('form');
    const text = ps.filter(visible).map((p) => p.innerText.replace(/\s+/g, ' ').trim()).find((t) => t.length >= 40);
    return text ?? null;
  });
  // The sections' headings, but for what JavaScript alone draws (its forms, its widgets).
  const headings = await page.locator('main h2, main h3').evaluateAll((hs) =>
    hs.filter((h) => h.getClientRects().length > 0 && !h.closest('form, .needs-js, [role="dialog"]'))
      .map((h) => h.textContent.replace(/\s+/g, ' ').trim()));
  return { h1, sentence, headings };
}

/** The headings of the document that a reader gets (not hidden), in order. */
function headingOutline(page) {
  return page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((hs) =>
    hs.filter((h) => h.getClientRects().length > 0 || h.closest('.visually-hidden'))
      .map((h) => ({ level: Number(h.tagName[1]), text: h.textContent.replace(/\s+/g, ' ').trim() })));
}

/** What is wrong with an outline: not exactly one h1, or a level skipped going down. */
function outlineProblems(outline) {
  const problems = [];
  const h1s = outline.filter((h) => h.level === 1);
  if (h1s.length !== 1) problems.push(`${h1s.length} h1 (${h1s.map((h) => h.text).join(' | ')})`);
  let previous = 0;
  for (const h of outline) {
    if (h.level > previous + 1) problems.push(`h${h.level} « ${h.text} » after h${previous}`);
    previous = h.level;
  }
  return problems;
}

/**
 * Each public page as JavaScript shows it: its h1 and a sentence, read
 * once, by the visit with JavaScript at 1280 px (which runs first), or here
 * when that visit did not run.
 */
const reference = new Map();

async function referenceOf(path) {
  if (!reference.has(path)) {
    const { page, context } = await newPage(env.browser, { allowErrors: true });
    await page.goto(env.server.url + path);
    await heading(page);
    reference.set(path, await pageText(page));
    await context.close();
  }
  return reference.get(path);
}

/**
 * The page without JavaScript at a width, one for all the visits at that
 * width: the HTML is all there is, nothing in it runs or stores anything,
 * and its cookies are cleared before each visit.
 */
const noJsPages = new Map();

async function noJsPage(width = 1280) {
  if (!noJsPages.has(width)) {
    const context = await env.browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false, locale: 'fr-FR' });
    // The HTML is all there is: nothing comes later to wait for.
    context.setDefaultTimeout(5000);
    noJsPages.set(width, { context, page: await context.newPage() });
  }
  const visit = noJsPages.get(width);
  await visit.context.clearCookies();
  return visit;
}


/** Sums the layout shifts of the page so far without recent input, and says what moved. */
function layoutShift(page) {
  return page.evaluate(() => new Promise((resolve) => {
    let sum = 0;
    const moved = [];
    const take = (entries) => {
      for (const e of entries) {
        if (e.hadRecentInput) continue;
        sum += e.value;
        for (const s of e.sources ?? []) {
          const n = s.node;
          const name = n?.nodeType === 1 ? `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${n.className && typeof n.className === 'string' ? `.${n.className.trim().split(/\s+/).join('.')}` : ''}` : String(n?.nodeName);
          moved.push(`${e.value.toFixed(4)} ${name} ${JSON.stringify(s.previousRect)} → ${JSON.stringify(s.currentRect)}`);
        }
      }
    };
    const observer = new PerformanceObserver((list) => take(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => {
      take(observer.takeRecords());
      observer.disconnect();
      resolve({ sum, moved });
    }, 200);
  }));
}

const productTitle = Object.fromEntries(company.services.map((s) => [s.path, s.title]));

/** The h1 each public page must show (a product page's is its product's title). */
const expectedHeading = {
  '/': null, // the hero's wording is free; it must exist and not be the 404 heading
  '/about': /À propos/,
  '/contact': /^Contactez-nous$/,
  '/login': /^Connexion$/,
  '/register': /^Inscription$/,
  '/privacy': /^Politique de confidentialité$/,
  '/terms': /^Conditions générales d’utilisation$/,
  '/mentions-legales': /^Mentions légales$/,
  '/reclamations': /^Réclamations$/,
  '/accessibilite': /^Déclaration d’accessibilité$/,
  '/insurance': /^Nos assurances$/,
  '/services': /^Nos services$/,
  '/blog': /^Le blog$/,
  '/news': /^Actualités$/,
  '/careers': /^(Carrières|Rejoignez-nous)$/,
};

/**
 * One page per width for the visits with JavaScript, each visit a first
 * one: the browser's cache is off (the page's code, its font and its
 * images come from the server every time, the font's swap included), and
 * the cookies and storage of the site are cleared before each visit.
 * Opening a page costs this Chromium about a second of CPU, a navigation
 * in an open one a fraction of that (README, CI).
 */
const firstVisits = new Map();

async function firstVisit(width) {
  if (!firstVisits.has(width)) {
    const { page, context } = await newPage(env.browser, { width, allowErrors: true });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    firstVisits.set(width, { page, context, cdp });
  }
  const visit = firstVisits.get(width);
  await visit.context.clearCookies();
  await visit.cdp.send('Storage.clearDataForOrigin', { origin: env.server.url, storageTypes: 'all' });
  return visit;
}

// Each visit also checks what every route of site/routes.json answers
// (status, title, description, heading): one load of the page for both.
describe('with JavaScript', () => {
  after(async () => {
    for (const { context } of firstVisits.values()) await context.close();
  });
  for (const width of [1280, 375]) {
    for (const entry of [...publicRoutes, { path: '/nulle-part' }]) {
      test(`${entry.path} at ${width} px has its status, title and heading, hydrates without error and without layout shift, typeset`, async (t) => {
        const { page } = await firstVisit(width);
        const logged = [];
        const onConsole = (m) => {
          if (m.type() === 'error' || m.type() === 'warning') logged.push(`${m.type()}: ${m.text()}`);
        };
        const onError = (e) => logged.push(`pageerror: ${e.message}`);
        const stylesheets = [];
        const onRequest = (r) => { if (r.resourceType() === 'stylesheet') stylesheets.push(r.url()); };
        page.on('console', onConsole);
        page.on('pageerror', onError);
        page.on('request', onRequest);
        t.after(() => {
          page.off('console', onConsole);
          page.off('pageerror', onError);
          page.off('request', onRequest);
        });
        const res = await page.goto(env.server.url + entry.path, { waitUntil: 'load' });
        const found = entry.title !== undefined;
        assert.equal(res.status(), found ? 200 : 404);
        const want = productTitle[entry.path] ? new RegExp(`^${productTitle[entry.path]}$`) : expectedHeading[entry.path];
        const h1 = await heading(page, want ?? undefined);
        if (want) assert.match(h1, want);
        if (found) {
          assert.notEqual(h1, 'Page introuvable');
          assert.equal(await page.title(), expectedTitle(entry));
          assert.equal(await page.locator('meta[name="description"]').getAttribute('content'), entry.description);
        }
        await settled(page);
        // A first visit: the font came from the server, not from a cache, so its swap was part of this load.
        const font = await page.evaluate(() => performance.getEntriesByType('resource').find((e) => e.name.endsWith('.woff2'))?.transferSize);
        assert.ok(font > 0, `${entry.path}: the font came from no server (transferSize ${font})`);
        // The page's CSS is in its HTML: the first paint waits for nothing else.
        assert.deepEqual(stylesheets, [], `${entry.path}: stylesheets fetched`);
        const hydration = logged.filter((l) => /hydrat|did not match|server rendered|Minified React error #(418|419|421|422|423|425)\b/i.test(l));
        assert.deepEqual(hydration, [], `${entry.path}: hydration errors`);
        // A 404 page logs the failed load of its document; that is the point of it.
        const errors = logged.filter((l) => /^(error|pageerror):/.test(l) && !/status of 404/.test(l));
        assert.deepEqual(errors, [], `${entry.path}: errors`);
        const { sum, moved } = await layoutShift(page);
        assert.equal(sum, 0, `${entry.path}: cumulative layout shift ${sum}\n${moved.join('\n')}`);
        assert.deepEqual(outlineProblems(await headingOutline(page)), [], `${entry.path}: heading order`);
        // Read once the font is in: where a line breaks depends on it.
        assert.deepEqual(await typographyFaults(page), [], `${entry.path}: typography`);
        // The page as JavaScript shows it, for its visit without (below).
        if (width === 1280 && found && !reference.has(entry.path)) reference.set(entry.path, await pageText(page));
      });
    }
  }
});

describe('without JavaScript', () => {
  after(async () => {
    for (const { context } of noJsPages.values()) await context.close();
  });
  for (const entry of publicRoutes) {
    test(`${entry.path} shows its heading, its text and the company details`, async () => {
      const want = await referenceOf(entry.path);
      assert.ok(want.sentence, `${entry.path}: no paragraph of main text with JavaScript either`);
      const { page } = await noJsPage();
      const res = await page.goto(env.server.url + entry.path);
      assert.equal(res.status(), 200);
      assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
      const h1 = page.locator('main h1');
      assert.equal(await h1.count(), 1, `${entry.path}: no h1 in the HTML`);
      assert.equal(norm(await h1.innerText()), want.h1);
      const main = norm(await page.locator('main').innerText());
      assert.ok(main.includes(want.sentence), `${entry.path}: the main text lacks « ${want.sentence} »`);
      // Every section is in place in the HTML, none left hidden for a script to reveal.
      const shown = (await headingOutline(page)).map((h) => h.text);
      assert.deepEqual(want.headings.filter((h) => !shown.includes(h)), [], `${entry.path}: sections missing without JavaScript`);
      assert.equal(await page.locator('div[hidden][id^="S:"]').count(), 0, `${entry.path}: a part of the page hidden until a script moves it in`);
      const footer = norm(await page.locator('footer').innerText());
      for (const detail of companyDetails) assert.ok(footer.includes(norm(detail)), `${entry.path}: the footer lacks ${detail}`);
      assert.deepEqual(outlineProblems(await headingOutline(page)), [], `${entry.path}: heading order`);
      // Every form says it needs JavaScript, and how else to reach the broker.
      const forms = await page.locator('main form').count();
      if (forms > 0) {
        const note = norm(await page.locator('main').innerText());
        assert.match(note, /a besoin de JavaScript/, `${entry.path}: a form without its JavaScript note`);
        assert.ok(note.includes(norm(company.phone)), `${entry.path}: the note lacks the phone`);
      }
      // The chat launcher, which cannot work, is hidden; a line says so.
      assert.equal(await page.locator('.chat-launcher').isVisible(), false, `${entry.path}: a chat launcher that cannot open`);
      assert.match(norm(await page.locator('body').innerText()), /assistant en ligne a besoin de JavaScript/);
    });
  }

  test('the navbar and footer links are plain links that load their page', async () => {
    const { page } = await noJsPage();
    await page.goto(env.server.url + '/');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    assert.equal(await nav.count(), 1, 'no navigation bar in the HTML');
    for (const [label, path] of [['Services', '/services'], ['Assurances', '/insurance'], ['Contact', '/contact']]) {
      assert.equal(await nav.getByRole('link', { name: label, exact: true }).getAttribute('href'), path);
    }
    await nav.getByRole('link', { name: 'Contact', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/contact');
    assert.equal(norm(await page.locator('main h1').innerText()), (await referenceOf('/contact')).h1);
    await page.locator('footer').getByRole('link', { name: 'Mentions légales' }).click();
    await page.waitForURL((u) => u.pathname === '/mentions-legales');
    assert.equal(norm(await page.locator('main h1').innerText()), (await referenceOf('/mentions-legales')).h1);
  });

  test('at 375 px the menu links are reachable', async () => {
    const { page } = await noJsPage(375);
    await page.goto(env.server.url + '/about');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    assert.equal(await nav.count(), 1, 'no navigation bar in the HTML');
    const toggle = nav.locator('.menu-toggle');
    // A toggle that needs JavaScript is not shown; the links are.
    assert.equal(await toggle.isVisible(), false, 'a menu button that cannot open the menu');
    for (const label of ['Accueil', 'Services', 'Assurances', 'Blog', 'Actualités', 'Carrières', 'À propos', 'Contact']) {
      assert.ok(await nav.getByRole('link', { name: label, exact: true }).isVisible(), `${label} is not visible`);
    }
    // Nothing wider than the screen.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'the page scrolls sideways');
    await nav.getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/blog');
  });

  test('an unknown path is a real 404 page', async () => {
    const { page } = await noJsPage();
    const res = await page.goto(env.server.url + '/nulle-part');
    assert.equal(res.status(), 404);
    assert.equal(await page.locator('main h1').count(), 1, 'no h1 in the HTML');
    assert.equal(norm(await page.locator('main h1').innerText()), 'Page introuvable');
    assert.match(norm(await page.locator('main').innerText()), /Toutes nos assurances/);
    const footer = norm(await page.locator('footer').innerText());
    for (const detail of companyDetails) assert.ok(footer.includes(norm(detail)), `the footer lacks ${detail}`);
  });
});

/** Notes every h1 taken out of the document: a render from scratch in place of hydration replaces the page. */
function watchHeadings() {
  window.__h1Removed = 0;
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.removedNodes) if (n.nodeType === 1 && (n.matches('h1') || n.querySelector('h1'))) window.__h1Removed++;
    }
  }).observe(document, { childList: true, subtree: true });
}

describe('signed in', () => {
  // A name that typography, elision and escaping would all change if the page
  // depended on it anywhere the prerendered HTML holds a marker.
  const name = 'Éloïse O\'Brien & <Cie> 2 !';
  for (const role of ['client', 'agent', 'admin']) {
    test(`a signed-in ${role} gets every public page hydrated, with their name, without error`, async () => {
      const email = `hydratation.${role}.${Date.now()}@exemple.fr`;
      await createUser(env.server.db, email, name, role);
      const { page, context } = await newPage(env.browser, { allowErrors: true });
      await signIn(page, env.server.url, email);
      await context.addInitScript(watchHeadings);
      const logged = [];
      page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') logged.push(`${m.type()}: ${m.text()}`); });
      page.on('pageerror', (e) => logged.push(`pageerror: ${e.message}`));
      for (const entry of publicRoutes) {
        const res = await page.goto(env.server.url + entry.path, { waitUntil: 'load' });
        const html = await res.text();
        assert.match(html, /<h1[^>]*>/, `${entry.path}: the HTML has its page`);
        assert.ok(html.includes('Éloïse O&#39;Brien &amp; &lt;Cie&gt; 2 !'), `${entry.path}: the HTML names the ${role}`);
        await heading(page);
        await page.getByRole('button', { name: /Éloïse O'Brien/ }).waitFor();
        await settled(page);
        assert.equal(await page.evaluate(() => window.__h1Removed), 0, `${entry.path}: rendered again instead of hydrated`);
      }
      assert.deepEqual(logged.filter((l) => !/Failed to load resource/.test(l)), [], 'console');
      await context.close();
    });
  }
});
