// axe-core (WCAG 2.1 A and AA rules, colour contrast included) on every
// page (the public ones, then the signed-in user's), in the light and the dark theme, at 1280 px and 375 px.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axe, heading, routeTable, useServerAndBrowser } from './helpers.mjs';

const env = useServerAndBrowser();
const paths = [...routeTable.routes.filter((r) => !r.protected).map((r) => r.path), '/nulle-part'];

const signedInPaths = ['/dashboard', '/profile', '/my-quotes', '/quote-request?product=car', '/vehicle-selection'];

async function signUp(page, width, dark) {
  const status = await page.evaluate(async (body) => (await fetch('/api/auth/register', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  })).status, { email: `a11y-${width}-${dark}@exemple.fr`, password: 'une longue phrase de passe', displayName: 'Accès Test' });
  assert.equal(status, 201);
}

for (const width of [1280, 375]) {
  for (const dark of [false, true]) {
    describe(`accessibility at ${width} px, ${dark ? 'dark' : 'light'} theme`, () => {
      test('every page, signed out then signed in, passes axe WCAG 2.1 AA', async () => {
        // bypassCSP lets the test inject axe; the site's own scripts are unchanged.
        const context = await env.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, reducedMotion: 'reduce' });
        await context.addInitScript((d) => localStorage.setItem('darkMode', JSON.stringify(d)), dark);
        const page = await context.newPage();
        const failures = [];
        for (const path of [...paths, ...signedInPaths]) {
          // The public pages are checked signed out, then the visitor signs up for the rest.
          if (path === signedInPaths[0]) await signUp(page, width, dark);
          await page.goto(env.server.url + path);
          await heading(page);
          const violations = await axe(page);
          if (violations.length) failures.push(`${path}:\n${violations.join('\n')}`);
        }
        await context.close();
        assert.equal(failures.length, 0, failures.join('\n\n'));
      });
    });
  }
}
