// Contact messages and callback requests through the browser and the real
// server: a visitor sends both from /contact and reads the references, a
// client's form is prefilled, errors show in French next to their fields,
// everything works from the keyboard, the product pages offer the callback
// form with their product, 375 px without sideways scrolling, axe WCAG 2.1
// AA in both themes (screenshots with COURTIER_E2E_SHOTS, helpers.mjs
// keepShot).
// All requests come from 127.0.0.1: at most 5 messages and 5 callbacks an
// hour from one address (pkg/ratelimit), which this file stays under.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeBothThemes, heading, keepShot, newPage, themeOf, useServerAndBrowser } from './helpers.mjs';
import { registerClient } from './desk-helpers.mjs';

const env = useServerAndBrowser();

const messageForm = (page) => page.getByRole('form', { name: 'Écrivez-nous' });
const callbackForm = (page) => page.getByRole('form', { name: 'Être rappelé' });

/** The text of the error an input's aria-describedby points to. */
function errorOf(locator) {
  return locator.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id))
      .filter((e) => e?.classList.contains('field-error')).map((e) => e.textContent).join(' '));
}

/** Whether the page scrolls sideways. */
function overflows(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** Waits until the callback form's day list holds the offered days. */
async function slotsLoaded(form) {
  await form.getByLabel('Jour').locator('option').nth(1).waitFor({ state: 'attached' });
}

/**
 * Opens a product page's callback form. On a loaded machine a click can
 * land before React has hydrated the product's section, and does
 * nothing, as a person's would, who clicks again: it is tried again while
 * the button is there, and fails after five.
 */
async function openCallback(page) {
  const button = page.getByRole('button', { name: 'Choisir un créneau de rappel' });
  const form = page.getByRole('form', { name: 'Être rappelé par un conseiller' });
  for (let i = 0; i < 5 && (await form.count()) === 0; i++) {
    if (await button.count()) await button.click();
    await form.waitFor({ timeout: 3000 }).catch(() => {});
  }
  await form.waitFor({ timeout: 1000 });
  return form;
}

async function openContact(page) {
  await page.goto(env.server.url + '/contact');
  assert.equal(await heading(page, 'Contactez-nous'), 'Contactez-nous');
}

describe('contact and callbacks', () => {
  test('a visitor sends a message and a callback request and reads their references', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await openContact(page);
    const msg = messageForm(page);
    await msg.getByLabel('Nom et prénom').fill('Léa Martin');
    await msg.getByLabel('Adresse e-mail').fill('lea.martin@exemple.fr');
    await msg.getByLabel('Objet').selectOption({ label: 'Question sur un contrat' });
    await msg.getByLabel('Votre message').fill('Bonjour, je voudrais ajouter un conducteur à mon contrat auto.');
    await msg.getByRole('checkbox').check();
    await msg.getByRole('button', { name: 'Envoyer le message' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Votre message' });
    assert.match(await sent.innerText(), /^Votre message MS-\d{4}-\d{6}\u00a0est bien arrivé\. Réponse sous 2\u00a0jours ouvrés\./);
    // The focus goes to the receipt, so it is read out at once (an effect moves it, just after the receipt is drawn).
    await page.waitForFunction((el) => el === document.activeElement, await sent.elementHandle());

    const cb = callbackForm(page);
    await slotsLoaded(cb);
    await cb.getByLabel('Nom et prénom').fill('Léa Martin');
    await cb.getByLabel('Numéro de téléphone').fill('06 39 98 12 34');
    const day = await cb.getByLabel('Jour').locator('option').nth(1).getAttribute('value');
    await cb.getByLabel('Jour').selectOption(day);
    const slot = cb.getByRole('radio').first();
    const hours = (await slot.locator('xpath=..').innerText()).trim();
    assert.match(hours, /^\d{2}:00\u00a0–\u00a0\d{2}:00$/);
    await slot.check();
    await cb.getByRole('checkbox').check();
    await cb.getByRole('button', { name: 'Être rappelé' }).click();
    const asked = page.getByRole('status').filter({ hasText: 'demande de rappel' });
    const text = await asked.innerText();
    assert.match(text, /^Votre demande de rappel RA-\d{4}-\d{6}\u00a0est bien arrivée\. Nous vous appellerons le [a-z]+ \d{1,2}(er)?\u00a0[a-zéû]+ entre /);
    assert.ok(text.includes(hours.replace('\u00a0–\u00a0', '\u00a0et ')), `${text} / ${hours}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('errors show in French next to their fields and take the focus', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await openContact(page);
    const msg = messageForm(page);
    await msg.getByRole('button', { name: 'Envoyer le message' }).click();
    const name = msg.getByLabel('Nom et prénom');
    assert.equal(await errorOf(name), 'Indiquez votre nom.');
    assert.equal(await name.evaluate((el) => el === document.activeElement), true);
    assert.equal(await errorOf(msg.getByLabel('Adresse e-mail')), 'Saisissez votre adresse e-mail.');
    assert.equal(await errorOf(msg.getByLabel('Objet')), 'Choisissez l’objet de votre message.');
    assert.equal(await errorOf(msg.getByLabel('Votre message')), 'Écrivez votre message.');
    assert.match(await errorOf(msg.getByRole('checkbox')), /^Cochez la case/);
    await msg.getByLabel('Adresse e-mail').fill('lea@');
    await msg.getByLabel('Votre message').fill('Trop bref');
    await msg.getByRole('button', { name: 'Envoyer le message' }).click();
    assert.equal(await errorOf(msg.getByLabel('Adresse e-mail')), 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.');
    assert.equal(await errorOf(msg.getByLabel('Votre message')), 'Saisissez au moins 10\u00a0caractères.');

    const cb = callbackForm(page);
    await slotsLoaded(cb);
    await cb.getByLabel('Numéro de téléphone').fill('+44 20 7946 0958');
    await cb.getByLabel('Jour').selectOption({ index: 1 });
    await cb.getByRole('button', { name: 'Être rappelé' }).click();
    assert.equal(await errorOf(cb.getByLabel('Numéro de téléphone')), 'Saisissez un numéro de téléphone français, par exemple 06\u00a039\u00a098\u00a012\u00a034.');
    assert.equal(await errorOf(cb.getByRole('radio').first()), 'Choisissez un créneau.');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("what a visitor types before the callback form's code is in is kept once it is", async () => {
    const { page, context, errors } = await newPage(env.browser);
    // The form's chunk held back, as on a slow network: the prerendered form
    // is on screen and takes text before React has hydrated it.
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route(/\/assets\/callback-form-[^/]+\.js$/, async (route) => { await held; await route.continue(); });
    await openContact(page);
    const cb = callbackForm(page);
    assert.equal(await cb.getAttribute('data-pending'), '', 'the form is still waiting for its code');
    await cb.getByLabel('Nom et prénom').fill('Léa Martin');
    await cb.getByLabel('Numéro de téléphone').fill('06 39 98 12 34');
    release();
    await page.waitForFunction(() => !document.querySelector('form[data-pending]'));
    await slotsLoaded(cb);
    // A click makes React draw the form again: the text must still be there,
    // and only the unticked consent refused (nothing is sent).
    await cb.getByRole('button', { name: 'Être rappelé' }).click();
    assert.match(await errorOf(cb.getByRole('checkbox')), /^Cochez la case/);
    assert.equal(await cb.getByLabel('Nom et prénom').inputValue(), 'Léa Martin');
    assert.equal(await cb.getByLabel('Numéro de téléphone').inputValue(), '06 39 98 12 34');
    assert.equal(await errorOf(cb.getByLabel('Nom et prénom')), '');
    assert.equal(await errorOf(cb.getByLabel('Numéro de téléphone')), '');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a signed-in client finds the forms prefilled from the account', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(env.server.url + '/');
    await heading(page);
    await registerClient(page, env.server.url, 'claire.dubois@exemple.fr', 'Claire Dubois');
    await openContact(page);
    const msg = messageForm(page);
    assert.equal(await msg.getByLabel('Nom et prénom').inputValue(), 'Claire Dubois');
    assert.equal(await msg.getByLabel('Adresse e-mail').inputValue(), 'claire.dubois@exemple.fr');
    assert.equal(await msg.getByLabel('Adresse e-mail').getAttribute('readonly'), '');
    assert.equal(await callbackForm(page).getByLabel('Nom et prénom').inputValue(), 'Claire Dubois');
    await msg.getByLabel('Objet').selectOption({ label: 'Question sur un devis' });
    await msg.getByLabel('Votre message').fill('Où en est ma demande de devis habitation ?');
    await msg.getByRole('checkbox').check();
    await msg.getByRole('button', { name: 'Envoyer le message' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Votre message' });
    assert.match(await sent.innerText(), /MS-\d{4}-\d{6}/);
    await sent.getByRole('link', { name: 'Mon espace client' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('both forms work from the keyboard alone', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await openContact(page);
    const msg = messageForm(page);
    await msg.getByLabel('Nom et prénom').focus();
    await page.keyboard.type('Paul Durand');
    await page.keyboard.press('Tab');
    await page.keyboard.type('paul.durand@exemple.fr');
    await page.keyboard.press('Tab');
    await page.keyboard.type('01 99 00 42 43');
    await page.keyboard.press('Tab');
    assert.equal(await msg.getByLabel('Objet').evaluate((el) => el === document.activeElement), true);
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown'); // a closed select moves through its options
    assert.equal(await msg.getByLabel('Objet').inputValue(), 'cancellation');
    await page.keyboard.press('Tab'); // the link to the complaints
    await page.keyboard.press('Tab');
    assert.equal(await msg.getByLabel('Votre message').evaluate((el) => el === document.activeElement), true);
    await page.keyboard.type('Je souhaite résilier mon assurance habitation au 1er mars.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    assert.equal(await msg.getByRole('checkbox').isChecked(), true);
    await page.keyboard.press('Tab'); // the privacy link
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Votre message' }).waitFor();

    const cb = callbackForm(page);
    await slotsLoaded(cb);
    await cb.getByLabel('Nom et prénom').focus();
    await page.keyboard.type('Paul Durand');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0639981234');
    await page.keyboard.press('Tab'); // product
    await page.keyboard.press('Tab'); // day
    await page.keyboard.press('ArrowDown'); // the first day
    await page.keyboard.press('Tab'); // its first slot, focused but not chosen
    await page.keyboard.press('Space'); // chosen (late in the day it may be the only one, where arrows do nothing)
    await page.keyboard.press('ArrowDown'); // the next slot, if any
    const checked = cb.getByRole('radio', { checked: true });
    assert.equal(await checked.count(), 1);
    assert.equal(await checked.evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press('Tab'); // note
    await page.keyboard.type('Pour un contrat pro');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    assert.match(await page.getByRole('status').filter({ hasText: 'demande de rappel' }).innerText(), /RA-\d{4}-\d{6}/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a product page offers the callback form with its product', async () => {
    const { page, context, errors } = await newPage(env.browser, { width: 375, height: 800 });
    await page.goto(env.server.url + '/insurance/home');
    await heading(page);
    const cb = await openCallback(page);
    // The focus moves to the form's first field (an effect moves it, just after the form is drawn).
    await page.waitForFunction((el) => el === document.activeElement, await cb.getByLabel('Nom et prénom').elementHandle());
    assert.equal(await cb.getByLabel('Assurance concernée (facultatif)').inputValue(), 'home');
    await slotsLoaded(cb);
    await cb.getByLabel('Nom et prénom').fill('Inès Bernard');
    await cb.getByLabel('Numéro de téléphone').fill('+33 7 12 34 56 78');
    await cb.getByRole('checkbox').check();
    await cb.getByRole('button', { name: 'Être rappelé' }).click();
    assert.match(await page.getByRole('status').filter({ hasText: 'demande de rappel' }).innerText(),
      /RA-\d{4}-\d{6}\u00a0est bien arrivée\. Nous vous rappelons sous 24\u00a0heures ouvrées\./);
    assert.equal(await overflows(page), false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('at 375 px /contact does not scroll sideways, errors and slots shown', async () => {
    const { page, context, errors } = await newPage(env.browser, { width: 375, height: 800 });
    await openContact(page);
    await messageForm(page).getByRole('button', { name: 'Envoyer le message' }).click();
    const cb = callbackForm(page);
    await slotsLoaded(cb);
    await cb.getByLabel('Jour').selectOption({ index: 1 });
    await cb.getByRole('button', { name: 'Être rappelé' }).click();
    assert.equal(await overflows(page), false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('/contact and a product page pass axe WCAG 2.1 AA in both themes', async () => {
    const failures = [];
    for (const width of [1280, 375]) {
      const context = await env.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await openContact(page);
      const cb = callbackForm(page);
      await slotsLoaded(cb);
      await keepShot(page, `contact-${width}-${await themeOf(page)}.png`);
      await cb.getByLabel('Jour').selectOption({ index: 1 });
      await messageForm(page).getByRole('button', { name: 'Envoyer le message' }).click();
      await cb.getByRole('button', { name: 'Être rappelé' }).click();
      const onContact = await axeBothThemes(page, { each: (theme) => keepShot(page, `contact-erreurs-${width}-${theme}.png`) });
      failures.push(...onContact.map((v) => `/contact ${width} px, ${v}`));
      await page.goto(env.server.url + '/insurance/car');
      await heading(page);
      const form = await openCallback(page);
      await slotsLoaded(form);
      await form.getByRole('button', { name: 'Être rappelé' }).click();
      failures.push(...(await axeBothThemes(page)).map((v) => `/insurance/car ${width} px, ${v}`));
      await context.close();
    }
    assert.equal(failures.length, 0, failures.join('\n'));
  });
});
