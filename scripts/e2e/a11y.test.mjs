// axe-core (WCAG 2.1 A and AA rules, colour contrast included) on every
// page (the public ones, then the signed-in user's), in the light and the
// dark theme, at 1280 px and 375 px.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeBothThemes, heading, routeTable, useServerAndBrowser } from './helpers.mjs';
import { registerClient } from './desk-helpers.mjs';

const env = useServerAndBrowser();
const paths = [...routeTable.routes.filter((r) => !r.protected).map((r) => r.path), '/nulle-part'];

const signedInPaths = ['/dashboard', '/profile', '/my-quotes', '/quote-request?product=car', '/vehicle-selection'];

// Each page is checked in both themes in one load: as it loads (the theme
// the previous page left), then in the other after the toggle.
for (const width of [1280, 375]) {
  describe(`accessibility at ${width} px`, () => {
    test('every page, signed out then signed in, passes axe WCAG 2.1 AA in the light and the dark theme', async () => {
      // bypassCSP lets the test inject axe; the site's own scripts are unchanged.
      const context = await env.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const failures = [];
      const checked = { light: 0, dark: 0 };
      for (const path of [...paths, ...signedInPaths]) {
        // The public pages are checked signed out, then the visitor signs up for the rest.
        if (path === signedInPaths[0]) await registerClient(page, env.server.url, `a11y-${width}@exemple.fr`, 'Accès Test');
        await page.goto(env.server.url + path);
        await heading(page);
        const violations = await axeBothThemes(page, { each: (theme) => { checked[theme]++; } });
        if (violations.length) failures.push(`${path}:\n${violations.join('\n')}`);
      }
      await context.close();
      assert.equal(failures.length, 0, failures.join('\n\n'));
      const pages = paths.length + signedInPaths.length;
      assert.deepEqual(checked, { light: pages, dark: pages });
    });
  });
}
