// A vehicle priced by its characteristics when the catalogue lacks it, and
// one found by typing, both at 375 px with the keyboard alone, through the
// real server: « Mon véhicule n’est pas dans la liste » opens its form (its
// code loaded at the click), a refused characteristic is said next to its
// question and takes the focus, and the prices' trace begins with what the
// engine was told. The second test holds whatever the catalogue holds: it
// picks the first result for « clio » and gives its first year.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axe, heading, useServerAndBrowser } from './helpers.mjs';
import { driverAndNeeds, firstTraceLine, overflows, vehicleSearch } from './price-helpers.mjs';

const env = useServerAndBrowser();

/** A page at 375 px in the theme asked, its errors collected. */
async function phone(dark) {
  const context = await env.browser.newContext({ viewport: { width: 375, height: 800 }, bypassCSP: true, reducedMotion: 'reduce', locale: 'fr-FR' });
  await context.addInitScript((d) => localStorage.setItem('darkMode', JSON.stringify(d)), dark);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  return { context, page, errors };
}

const activeId = (page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('a vehicle the catalogue lacks', () => {
  test('at 375 px with the keyboard alone, a car described by its characteristics is priced, its trace says so', async () => {
    const { context, page, errors } = await phone(true);
    const failures = [];
    const check = async (where) => {
      assert.equal(await overflows(page), false, `${where} défile de côté`);
      const v = await axe(page);
      if (v.length) failures.push(`${where}:\n${v.join('\n')}`);
    };
    await page.goto(env.server.url + '/prix/auto');
    await heading(page, 'Votre prix d’assurance auto');

    // The picker finds nothing for it; the next Tab is the way through.
    await page.getByRole('combobox', { name: 'Votre voiture' }).focus();
    await page.keyboard.type('lada niva', { delay: 80 });
    await page.getByRole('status').filter({ hasText: 'Aucun véhicule ne correspond' }).waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Mon véhicule n’est pas dans la liste');
    await page.keyboard.press('Enter');

    // Its form, loaded at the click: the make takes the focus, Tab goes from question to question.
    await page.getByRole('group', { name: 'Les caractéristiques de votre véhicule' }).waitFor();
    assert.equal(await activeId(page), 'prix-vehicleMake');
    assert.equal(await page.getByRole('combobox', { name: 'Votre voiture' }).count(), 0);
    await page.keyboard.type('Lada');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Niva');
    await page.keyboard.press('Tab');
    assert.equal(await activeId(page), 'prix-vehicleYear');
    await page.keyboard.type('2005');
    await page.keyboard.press('Tab');
    assert.equal(await activeId(page), 'prix-vehicleEnergy');
    await page.keyboard.type('Diesel'); // the select's own search, as a person types it
    assert.equal(await page.locator('#prix-vehicleEnergy').inputValue(), 'diesel');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2'); // no diesel car has 2 CV: refused
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // the value new, the first choice
    await page.keyboard.press('Tab');
    await page.keyboard.type('16 500');
    await check('les caractéristiques');
    await page.keyboard.press('Enter');

    // The refusal: next to its question, which takes the focus.
    const power = page.getByRole('textbox', { name: 'Puissance fiscale (CV)' });
    await page.waitForFunction(() => document.activeElement?.id === 'prix-vehicleFiscalPower');
    assert.equal(await power.getAttribute('aria-invalid'), 'true');
    assert.match(await page.locator('#prix-vehicleFiscalPower-erreur').innerText(), /^Une voiture diesel a de 3\u00a0à 60\u00a0CV\u00a0: vérifiez la puissance fiscale/);
    await check('les caractéristiques, une erreur');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');

    await driverAndNeeds(page);
    const line = await firstTraceLine(page);
    assert.match(line, /^Véhicule décrit par vos soins\u00a0: Lada Niva 2005, 7\u00a0CV, diesel \(\d+\u00a0kW estimés\), valeur à neuf 16\u202f500\u00a0€$/);
    assert.match(await page.locator('.price-subject').first().innerText(), /Lada Niva 2005/);
    await check('prix');
    await context.close();
    assert.equal(failures.length, 0, failures.join('\n\n'));
    assert.deepEqual(errors, []);
  });

  test('at 375 px with the keyboard alone, « clio » finds a car: the first result and its first year are priced', async () => {
    const { context, page, errors } = await phone(false);
    await page.goto(env.server.url + '/prix/auto');
    await heading(page, 'Votre prix d’assurance auto');
    const picker = page.getByRole('combobox', { name: 'Votre voiture' });
    await picker.focus();
    const searched = vehicleSearch(page, 'clio');
    await page.keyboard.type('clio', { delay: 120 });
    // The list of « clio », not of « cl » or « cli » a loaded machine searched between two keys.
    await searched;
    const first = page.getByRole('option').first();
    await first.waitFor();
    // Each result says its generation in its name and its years: « 2005–2012 », « depuis 2019 ».
    const years = await first.locator('small').innerText();
    const m = /^(?:(\d{4})–\d{4}|depuis (\d{4}))$/.exec(years);
    assert.ok(m, `les années du premier résultat : « ${years} »`);
    const fromYear = m[1] ?? m[2];
    await page.keyboard.press('ArrowDown'); // the list is open: the first result
    assert.equal(await picker.getAttribute('aria-activedescendant'), await first.getAttribute('id'));
    const name = (await first.evaluate((li) => li.firstChild?.textContent ?? '')).trim();
    await page.keyboard.press('Enter');
    assert.equal(await picker.inputValue(), name);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Mon véhicule n’est pas dans la liste');
    await page.keyboard.press('Tab');
    assert.equal(await activeId(page), 'prix-vehicleYear');
    await page.keyboard.type(fromYear);
    await page.keyboard.press('Enter');

    await driverAndNeeds(page);
    const line = await firstTraceLine(page);
    assert.match(line, /^Prime de base /);
    assert.match(await page.locator('.price-subject').first().innerText(), /Renault Clio/);
    await context.close();
    assert.deepEqual(errors, []);
  });
});
