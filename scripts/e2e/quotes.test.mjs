// Quote requests through the browser: the car quote from /vehicle-selection
// to /my-quotes, field errors next to their fields, the keyboard, 375 px
// without horizontal scrolling, and axe WCAG 2.1 AA in both themes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeBothThemes, company, heading, newPage, useServerAndBrowser } from './helpers.mjs';
import { registerClient } from './desk-helpers.mjs';

const env = useServerAndBrowser();
const products = company.services.map((s) => s.id);
let n = 0;

/** Signs a new client up through the API from the page, so the next page load is signed in. */
function signUp(page) {
  return registerClient(page, env.server.url, `devis${Date.now()}${n++}@exemple.fr`, 'Claire Dubois');
}

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

describe('quote requests', () => {
  test('a signed-in client asks a car quote through /vehicle-selection and finds it in /my-quotes', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await signUp(page);
    await page.goto(env.server.url + '/insurance/car');
    await page.getByRole('link', { name: 'Demander mon devis gratuit' }).first().click();
    await page.waitForURL((u) => u.pathname === '/quote-request' && u.searchParams.get('product') === 'car');
    assert.equal(await heading(page, 'Demande de devis'), 'Demande de devis');
    assert.equal(await page.getByRole('radio', { name: 'Assurance auto et moto' }).isChecked(), true);

    await page.getByRole('link', { name: 'Choisir le véhicule' }).click();
    assert.equal(await heading(page, 'Choix du véhicule'), 'Choix du véhicule');
    await page.getByRole('button', { name: 'Continuer' }).click();
    assert.equal(await errorOf(page.getByLabel('Marque')), 'Choisissez la marque du véhicule.');
    await page.getByLabel('Marque').selectOption({ label: 'Peugeot' });
    await page.getByLabel('Modèle').fill('208');
    await page.getByLabel('Année de première mise en circulation').fill('2019');
    await page.getByRole('radio', { name: 'Essence' }).check();
    await page.getByRole('button', { name: 'Continuer' }).click();

    await page.waitForURL((u) => u.pathname === '/quote-request' && u.searchParams.get('model') === '208');
    assert.equal(await heading(page, 'Demande de devis'), 'Demande de devis');
    await page.getByText('Peugeot 208 · 2019 · Essence').waitFor();
    await page.getByRole('radio', { name: 'Privé et trajet domicile-travail' }).check();
    await page.getByLabel("Année d’obtention du permis du conducteur principal").fill('2011');
    await page.getByLabel('Coefficient bonus-malus (facultatif)').fill('0,68');
    await page.getByRole('radio', { name: 'Tous risques' }).check();
    await page.getByLabel('Votre message (facultatif)').fill('Contrat actuel jusqu’au 30 avril.');
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click();

    await page.waitForURL((u) => u.pathname === '/my-quotes');
    assert.equal(await heading(page, 'Mes devis'), 'Mes devis');
    assert.match(await page.getByRole('status').filter({ hasText: 'bien été envoyée' }).innerText(), /sous 24\u00a0heures ouvrées/);
    const card = page.locator('.quote-card').first();
    const text = await card.innerText();
    assert.match(text, /Assurance auto et moto/);
    assert.match(text, /Reçue/);
    assert.match(text, /Peugeot 208 \(2019, essence\)/);
    assert.match(text, /Tous risques/);
    // Every answer, the licence year and the bonus-malus included.
    assert.match(text, /Privé et trajet domicile-travail/);
    assert.match(text, /Permis de conduire\s+Obtenu en 2011/);
    assert.match(text, /Coefficient bonus-malus\s+0,68/);
    assert.match(text, /Contrat actuel jusqu’au 30 avril\./);
    assert.match(text, /Envoyée le \d{1,2}(er)?\s[a-zéû]+ \d{4}\sà\s\d{2}:\d{2}/);

    // Stored: a reload lists it again, without the success message.
    await page.reload();
    await heading(page, 'Mes devis');
    await page.locator('.quote-card').first().waitFor();
    assert.equal(await page.locator('.quote-card').count(), 1);
    assert.equal(await page.getByText('bien été envoyée').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an error shows next to its field and takes the focus', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await signUp(page);
    await page.goto(env.server.url + '/quote-request?product=home');
    await heading(page, 'Demande de devis');
    const surface = page.getByLabel('Surface habitable (m²)');
    await surface.fill('4');
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
    assert.equal(await errorOf(surface), 'Saisissez un nombre entre 9\u00a0et 1\u202f000.');
    assert.equal(await surface.getAttribute('aria-invalid'), 'true');
    // Next to it: the message is in the input's own field block, right after it.
    const sibling = await surface.evaluate((el) => el.nextElementSibling?.className);
    assert.equal(sibling, 'field-error');
    assert.equal(await errorOf(page.getByRole('radio', { name: 'Locataire' })), 'Choisissez votre situation.');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('value')), 'locataire');
    // Choosing the phone without a number is refused next to the number.
    await page.getByRole('radio', { name: 'Par téléphone' }).check();
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
    assert.equal(await errorOf(page.getByLabel('Numéro de téléphone')), 'Indiquez le numéro auquel vous rappeler.');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the form works from the keyboard', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await signUp(page);
    await page.goto(env.server.url + '/quote-request?product=life');
    await heading(page, 'Demande de devis');
    await page.getByRole('radio', { name: 'Assurance vie et prévoyance' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((u) => u.searchParams.get('product') === 'pro');
    await page.getByLabel('Votre activité').focus();
    await page.keyboard.type('Graphiste');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'devis-legalStatus');
    await page.getByLabel('Forme juridique').selectOption('eurl');
    await page.getByLabel("Chiffre d’affaires annuel").selectOption('lt-50k');
    await page.getByLabel('Nombre de salariés').fill('0');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/my-quotes');
    await page.locator('.quote-card').first().waitFor();
    assert.match(await page.locator('.quote-card').first().innerText(), /Graphiste/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a client without requests is invited to ask one', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await signUp(page);
    await page.goto(env.server.url + '/my-quotes');
    assert.equal(await heading(page, 'Mes devis'), 'Mes devis');
    await page.getByRole('heading', { name: 'Aucune demande pour le moment' }).waitFor();
    await page.locator('.quote-empty').getByRole('link', { name: 'Demander un devis' }).click();
    await page.waitForURL((u) => u.pathname === '/quote-request');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('at 375 px no page scrolls sideways', async () => {
    const { page, context, errors } = await newPage(env.browser, { width: 375, height: 800 });
    await signUp(page);
    for (const product of products) {
      await page.goto(`${env.server.url}/quote-request?product=${product}`);
      await heading(page, 'Demande de devis');
      await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
      await page.locator('.field-error').first().waitFor();
      assert.equal(await overflows(page), false, `/quote-request?product=${product}`);
    }
    await page.goto(env.server.url + '/vehicle-selection');
    await heading(page, 'Choix du véhicule');
    await page.getByRole('button', { name: 'Continuer' }).click();
    assert.equal(await overflows(page), false, '/vehicle-selection');
    await page.goto(env.server.url + '/quote-request?product=vtc');
    await page.getByLabel('Marque').selectOption('autre');
    await page.getByLabel('Nom de la marque').fill('Lynk & Co');
    await page.getByLabel('Modèle').fill('01');
    await page.getByRole('radio', { name: 'Oui' }).check();
    await page.getByLabel("Années d’activité comme chauffeur VTC").fill('4');
    await page.getByRole('radio', { name: 'Par téléphone' }).check();
    await page.getByLabel('Numéro de téléphone').fill('06 39 98 12 34');
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await page.waitForURL((u) => u.pathname === '/my-quotes');
    await page.locator('.quote-card').first().waitFor();
    assert.match(await page.locator('.quote-card').first().innerText(), /Par téléphone au 06\u00a039\u00a098\u00a012\u00a034/);
    assert.equal(await overflows(page), false, '/my-quotes');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the quote pages pass axe WCAG 2.1 AA in both themes, errors shown', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await signUp(page);
    await page.evaluate(async () => {
      const body = { product: 'temp', details: { vehicleKind: 'utilitaire', days: 3, startDate: new Date(Date.now() + 864e5).toISOString().slice(0, 10) }, contact: { method: 'email', phone: '' }, message: '' };
      await fetch('/api/quotes', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    });
    const failures = [];
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, submit] of [['/quote-request?product=car', 'Envoyer ma demande'], ['/quote-request?product=fleet', 'Envoyer ma demande'], ['/vehicle-selection', 'Continuer'], ['/my-quotes', null]]) {
        await page.goto(env.server.url + path);
        await heading(page);
        if (submit) await page.getByRole('button', { name: submit }).click();
        else await page.locator('.quote-card').first().waitFor();
        for (const v of await axeBothThemes(page)) failures.push(`${path} ${width}px, ${v}`);
      }
    }
    await context.close();
    assert.deepEqual(failures, []);
  });
});
