// Cars of the French roads, not only recent ones: from the home page at
// 375 px with the keyboard alone, a 2006 Clio, a 2004 Peugeot 206 and a
// 2011 Citroën C3 are found by typing their model and year, and priced;
// the trace says the vehicle's estimated value at its age. Screenshots of
// the picker in both themes go to COURTIER_SHOTS when it is set.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { axe, heading, useServerAndBrowser } from './helpers.mjs';
import { driverAndNeeds, overflows, vehicleSearch } from './price-helpers.mjs';

const env = useServerAndBrowser();
const shots = process.env.COURTIER_SHOTS;

/** Presses Tab until the focus is on what matches, at most n times. */
async function tabTo(page, matches, n = 40) {
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(matches)) return;
  }
  assert.fail('la touche Tab n’atteint pas ce qu’on cherche');
}

const cars = [
  { query: 'clio 2006', year: '2006', name: /^Renault Clio III /, dark: false },
  { query: '206 2004', year: '2004', name: /^Peugeot 206 /, dark: true },
  { query: 'c3 2011', year: '2011', name: /^Citroën C3 II /, dark: false },
];

describe('every car priced', () => {
  for (const car of cars) {
    test(`from the home page at 375 px with the keyboard alone: « ${car.query} » is priced`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 375, height: 800 }, bypassCSP: true, reducedMotion: 'reduce', locale: 'fr-FR' });
      await context.addInitScript((d) => localStorage.setItem('darkMode', JSON.stringify(d)), car.dark);
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(env.server.url + '/');
      await heading(page); // React attached: « Obtenir mon prix » goes to the journey, not a reload
      // The hero's product choice (a car, the first) and « Obtenir mon prix ».
      await tabTo(page, () => document.activeElement?.id === 'home-product');
      assert.equal(await page.locator('#home-product').inputValue(), 'car');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await heading(page, 'Votre prix d’assurance auto');

      const picker = page.getByRole('combobox', { name: 'Votre voiture' });
      await picker.focus();
      const searched = vehicleSearch(page, car.query);
      await page.keyboard.type(car.query, { delay: 60 });
      // The list of the whole query, not of a prefix a loaded machine searched between two keys.
      await searched;
      const first = page.getByRole('option').first();
      await first.waitFor();
      // The version's name with its generation, and its years, which hold the year typed.
      assert.match(await first.evaluate((li) => li.firstChild?.textContent ?? ''), car.name);
      const [, from, to] = /^(\d{4})–(\d{4})$/.exec(await first.locator('small').innerText()) ?? [];
      assert.ok(Number(from) <= Number(car.year) && Number(car.year) <= Number(to) + 1, `${from}–${to} pour ${car.year}`);
      assert.equal(await overflows(page), false, 'la liste défile de côté');
      assert.deepEqual(await axe(page), []);
      if (shots) await page.screenshot({ path: path.join(shots, `fleet-${car.year}-${car.dark ? 'sombre' : 'clair'}.png`), fullPage: true });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab'); // « Mon véhicule n’est pas dans la liste »
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'prix-vehicleYear');
      await page.keyboard.type(car.year);
      await page.keyboard.press('Enter');

      await driverAndNeeds(page);
      assert.match(await page.locator('.price-subject').first().innerText(), car.name);
      // Its value at its age, in the trace: « Valeur estimée du véhicule : … à neuf × …, barème de vétusté à N ans ».
      await page.locator('.price-card-recommended summary').focus();
      await page.keyboard.press('Enter');
      const age = new Date().getFullYear() - Number(car.year);
      const lines = await page.locator('.price-card-recommended .price-trace ol li').allInnerTexts();
      assert.ok(lines.some((l) => new RegExp(`^Valeur estimée du véhicule\u00a0: .* barème de vétusté à ${age}\u00a0ans[)\u00a0]`).test(l)), lines.join('\n'));
      assert.equal(await overflows(page), false, 'les prix défilent de côté');
      if (shots) await page.screenshot({ path: path.join(shots, `fleet-${car.year}-prix-${car.dark ? 'sombre' : 'clair'}.png`), fullPage: false });
      await context.close();
      assert.deepEqual(errors, []);
    });
  }
});
