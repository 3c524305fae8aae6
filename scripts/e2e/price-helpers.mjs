// What the browser tests of the instant price and of the subscription share:
// typing like a person, the car's price journey and the sideways check.
import assert from 'node:assert/strict';

/** The car the journeys choose. */
export const vehicle = 'Peugeot 208 II 1.2 PureTech 100 Active — essence, 5\u00a0CV';

/** Types like a person: a key at a time. */
export async function typeIn(locator, text) {
  await locator.click();
  await locator.pressSequentially(text, { delay: 60 });
}

/**
 * Types a date into the focused <input type="date"> with the keys, in the
 * order of the browser's own date format (day or month first), then
 * leaves it with Tab (a segment or the calendar button may take a Tab first).
 */
export async function typeDate(page, iso) {
  const [y, m, d] = iso.split('-');
  const id = await page.evaluate(() => document.activeElement?.id);
  // The system Chromium formats dates as its own UI language says
  // (mm/dd/yyyy in English), whatever the page's locale.
  const monthFirst = await page.evaluate(() => new Intl.DateTimeFormat(navigator.languages.at(-1) ?? 'en-US').formatToParts(new Date(2000, 0, 2))[0]?.type === 'month');
  await page.keyboard.type(monthFirst ? m + d + y : d + m + y);
  if ((await page.evaluate(() => document.activeElement?.value)) !== iso) {
    await page.evaluate(() => { document.activeElement.value = ''; });
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type(monthFirst ? d + m + y : m + d + y);
  }
  assert.equal(await page.evaluate(() => document.activeElement?.value), iso);
  for (let i = 0; i < 4 && (await page.evaluate(() => document.activeElement?.id)) === id; i++) await page.keyboard.press('Tab');
}

/**
 * Resolves once the catalogue has answered the vehicle picker's search for
 * query: from then on the list shown is that query's, not the one of a
 * prefix a loaded machine searched between two keys (the picker asks after
 * a 250 ms pause) and then replaces. Call it before typing.
 */
export function vehicleSearch(page, query) {
  return page.waitForResponse((r) => {
    const u = new URL(r.url());
    return u.pathname === '/api/vehicles' && u.searchParams.get('q') === query;
  });
}

/** Whether the page scrolls sideways. */
export function overflows(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** The three steps with the mouse and the keys, as a person fills them. */
export async function fillCarJourney(page) {
  const picker = page.getByRole('combobox', { name: 'Votre voiture' });
  const searched = vehicleSearch(page, '208');
  await typeIn(picker, '208');
  await searched;
  await page.getByRole('option', { name: vehicle }).click();
  assert.equal(await picker.inputValue(), vehicle);
  await page.getByRole('button', { name: 'Continuer' }).click();

  await page.getByRole('heading', { name: /Étape 2\s+sur 3/ }).waitFor();
  await page.getByLabel('Date de naissance du conducteur principal').fill('1981-03-02');
  await page.getByLabel('Date d’obtention du permis B').fill('2001-06-15');
  await typeIn(page.getByLabel('Bonus-malus de votre relevé d’information'), '0,68');
  await typeIn(page.getByLabel('Code postal du lieu de stationnement'), '69002');
  await page.getByRole('radio', { name: 'Privé et trajet domicile-travail' }).check();
  await page.getByRole('radio', { name: 'Parking privé' }).check();
  await typeIn(page.getByLabel('Kilomètres parcourus par an'), '12000');
  await typeIn(page.getByLabel('Sinistres déclarés ces 36 derniers mois'), '0');
  await page.getByRole('button', { name: 'Continuer' }).click();

  await page.getByRole('heading', { name: /Étape 3\s+sur 3/ }).waitFor();
  assert.match(await page.locator('.price-why').innerText(), /Code des assurances, art\. L521-4/);
  await page.getByRole('checkbox', { name: 'Le vol et l’incendie de ma voiture' }).check();
  await page.getByRole('checkbox', { name: 'Le bris de glace' }).check();
  await typeIn(page.getByLabel('Votre budget par mois, en euros (facultatif)'), '80');
  await page.getByRole('radio', { name: 'Moyenne' }).check();
  await page.getByRole('radio', { name: 'Oui, je suis assuré ailleurs' }).check();
  await page.getByRole('button', { name: 'Voir mes prix' }).click();
  await page.waitForURL((u) => u.searchParams.get('resultats') === '1');
  await page.getByRole('heading', { name: 'Vos prix', level: 2 }).waitFor();
}

/** Steps 2 and 3 of the car's journey from the keyboard, from the heading of step 2 to the prices. */
export async function driverAndNeeds(page) {
  await page.getByRole('heading', { name: /Étape 2\s+sur 3/ }).waitFor();
  await page.keyboard.press('Tab');
  await typeDate(page, '1981-03-02');
  await typeDate(page, '2001-06-15');
  await page.keyboard.press('Tab'); // supervised driving: left unticked
  await page.keyboard.type('0,68');
  await page.keyboard.press('Tab');
  await page.keyboard.type('69002');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space'); // usage: the first choice
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight'); // parking: the second choice
  await page.keyboard.press('Tab');
  await page.keyboard.type('8000');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: /Étape 3\s+sur 3/ }).waitFor();
  await page.getByRole('button', { name: 'Voir mes prix' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Vos prix', level: 2 }).waitFor();
  await page.locator('.price-card').first().waitFor();
}

/** The first line of the recommended price's trace, opened with the keyboard. */
export async function firstTraceLine(page) {
  await page.locator('.price-card-recommended summary').focus();
  await page.keyboard.press('Enter');
  const first = page.locator('.price-card-recommended .price-trace ol li').first();
  await first.waitFor();
  return first.innerText();
}
