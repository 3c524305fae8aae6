// « Résilier votre contrat » for everyone (décret 2023-182), through the
// browser and the real server: a visitor reaches it from the footer with
// no account, gives the decree's identification, opens the link of the
// mail and receives the acknowledgement with its date; a client whose
// contract was signed today is offered the withdrawal first; a contract
// with a cancellation filed shows it instead of the button. The pages at
// 1280 and 375 px, axe clean in both themes (screenshots with
// COURTIER_E2E_SHOTS, helpers.mjs keepShot).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeBothThemes, heading, keepShot, newPage, useServerAndBrowser } from './helpers.mjs';
import { mailTo as outboxMail } from './outbox.mjs';
import { call, createUser, signIn } from './desk-helpers.mjs';
import { overflows } from './price-helpers.mjs';

const env = useServerAndBrowser();
const mailTo = (email, template) => outboxMail(env.server.db, email, template);
const client = { email: `resiliation${Date.now()}@exemple.fr`, name: 'Camille Lefèvre' };
/** What the first test leaves to the others. */
const made = { cancelled: null, fresh: null };

const carAnswers = {
  birthDate: '1981-03-02', licenceDate: '2001-05-10', bonusMalus: 0.6, postalCode: '69002',
  vehicleId: 'peugeot-208-12-puretech-100', usage: 'commute', parking: 'street', yearlyKm: 12000, claims36: 0,
};

/** A day in the broker's time zone, days from today: « 2026-12-04 ». */
function dayFromToday(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A car priced and kept, then a contract of it signed today through the API, as the pages do. */
async function signedToday(page) {
  const priced = await call(page, 'POST', '/api/prices', { product: 'car', answers: carAnswers });
  assert.equal(priced.status, 200, JSON.stringify(priced.body));
  const kept = await call(page, 'POST', `/api/prices/${priced.body.id}/keep`, { key: priced.body.key });
  assert.equal(kept.status, 200, JSON.stringify(kept.body));
  const created = await call(page, 'POST', '/api/contracts', {
    priceId: kept.body.quote.recommended.id, startDate: dayFromToday(10), address: '4 place Bellecour', postalCode: '69002', city: 'Lyon', registration: 'AB-123-CD', rhythm: 'monthly',
    policyholder: { firstName: 'Camille', lastName: 'Lefèvre', birthDate: '1986-11-02', phone: '06 39 98 12 38' },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const c = created.body.contract;
  assert.equal((await call(page, 'POST', `/api/contracts/${c.id}/signature-code`)).status, 202);
  let code;
  for (const deadline = Date.now() + 10000; !code;) {
    const mail = await mailTo(client.email, 'contract-code');
    if (mail.text.includes(c.number)) code = /^(\d{6})$/m.exec(mail.text)?.[1];
    else if (Date.now() > deadline) throw new Error(`pas de code pour ${c.number}`);
    else await new Promise((r) => setTimeout(r, 100));
  }
  const accept = [...c.documents.filter((d) => !d.signed).map((d) => d.kind), 'sepa'];
  const signed = await call(page, 'POST', `/api/contracts/${c.id}/signature`, { code, holder: client.name, iban: 'FR7630006000011234567890189', accept });
  assert.equal(signed.status, 200, JSON.stringify(signed.body));
  return signed.body.contract;
}

/** A fresh page at width, signed in as the client or not, that records errors. */
async function pageAt(width, signedIn) {
  const context = await env.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, reducedMotion: 'reduce', locale: 'fr-FR' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  if (signedIn) await signIn(page, env.server.url, client.email);
  return { context, page, errors };
}

describe('Résilier votre contrat, avec ou sans compte', () => {
  test('a visitor cancels from the footer without an account, confirmed by the link of the mail', async () => {
    await createUser(env.server.db, client.email, client.name, 'client');
    const setup = await newPage(env.browser);
    await signIn(setup.page, env.server.url, client.email);
    made.cancelled = await signedToday(setup.page);
    made.fresh = await signedToday(setup.page);
    await setup.context.close();

    const { context, page, errors } = await pageAt(375, false);
    await page.goto(`${env.server.url}/`);
    await heading(page);
    await page.locator('footer').getByRole('link', { name: 'Résilier votre contrat' }).click();
    assert.equal(await heading(page, 'Résilier votre contrat'), 'Résilier votre contrat');
    assert.equal(new URL(page.url()).pathname, '/resilier', 'no detour by the sign-in page');
    assert.equal(await overflows(page), false);

    // Nothing filled: a French message by each field.
    await page.getByRole('button', { name: 'Recevoir le lien de confirmation' }).click();
    for (const msg of ['Indiquez votre nom de famille', 'Indiquez le numéro de votre contrat', 'Saisissez l’adresse e-mail du contrat', 'Choisissez le motif']) {
      await page.locator('.field-error', { hasText: msg }).waitFor();
    }
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const v = await axeBothThemes(page, { each: (theme) => keepShot(page, `resiliation-visiteur-${width}-${theme}.png`) });
      assert.deepEqual(v, [], `axe at ${width}`);
    }

    await page.getByLabel('Nom de famille').fill('LEFEVRE');
    await page.getByLabel('Numéro du contrat').fill(made.cancelled.number.toLowerCase());
    await page.getByLabel('Adresse e-mail du contrat').fill(client.email);
    await page.getByRole('radio', { name: 'À l’échéance' }).check();
    await page.getByRole('button', { name: 'Recevoir le lien de confirmation' }).click();
    await page.getByRole('heading', { name: 'Vérifiez votre messagerie' }).waitFor();

    const mail = await mailTo(client.email, 'contract-cancel-link');
    assert.ok(mail.text.includes(made.cancelled.number), mail.text);
    const link = /https?:\/\/\S+\/confirmer-resiliation\?token=[\w-]+/.exec(mail.text)?.[0];
    assert.ok(link, mail.text);
    await page.goto(env.server.url + link.slice(link.indexOf('/confirmer-resiliation')));
    assert.equal(await heading(page, 'Confirmer la résiliation'), 'Confirmer la résiliation');
    await page.getByRole('button', { name: 'Confirmer la résiliation' }).click();
    await page.getByRole('heading', { name: 'Votre demande de résiliation est enregistrée' }).waitFor();
    const done = await page.locator('main').innerText();
    assert.match(done, new RegExp(`${made.cancelled.number}[^]*prendra fin le`));
    await keepShot(page, 'resiliation-confirmee.png');

    const ack = await mailTo(client.email, 'contract-cancel-requested');
    assert.ok(ack.text.includes(made.cancelled.number) && /prendra fin le \d/.test(ack.text), ack.text);

    // The link serves once.
    await page.reload();
    await heading(page, 'Confirmer la résiliation');
    await page.getByRole('button', { name: 'Confirmer la résiliation' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ce lien n’est plus valable' }).waitFor();
    assert.deepEqual(errors.filter((e) => !/status of 400/.test(e)), []);
    await context.close();
  });

  test('a contract signed today offers the withdrawal first; a cancellation filed shows instead of the button', async () => {
    assert.ok(made.fresh, 'the first test made the contracts');
    for (const width of [1280, 375]) {
      const { context, page, errors } = await pageAt(width, true);
      await page.goto(`${env.server.url}/resilier/${made.fresh.id}`);
      await heading(page, 'Résilier votre contrat');
      const offer = page.locator('.contract-withdraw-offer');
      await offer.waitFor();
      assert.match(await offer.innerText(), /Vous pouvez encore vous rétracter, jusqu’au \d+/);
      await offer.getByRole('link', { name: /Me rétracter/ }).waitFor();
      assert.equal(await overflows(page), false);
      let v = await axeBothThemes(page, { each: (theme) => keepShot(page, `resiliation-retractation-${width}-${theme}.png`) });
      assert.deepEqual(v, [], `axe withdrawal offered at ${width}`);

      // The contract page: the withdrawal with its date.
      await page.goto(`${env.server.url}/mes-contrats/${made.fresh.id}`);
      await heading(page, `Contrat n°\u00a0${made.fresh.number}`);
      await page.locator('.contract-page-actions').getByRole('link', { name: /^Me rétracter \(jusqu’au \d+/ }).waitFor();

      // The contract cancelled by the visitor's link: the request, not the button.
      await page.goto(`${env.server.url}/mes-contrats/${made.cancelled.id}`);
      await heading(page, `Contrat n°\u00a0${made.cancelled.number}`);
      const ending = page.locator('.contract-ending');
      await ending.waitFor();
      const text = await ending.innerText();
      assert.match(text, /Résiliation demandée/);
      assert.match(text, /Demandée le[^]*Fin du contrat[^]*Statut/);
      assert.equal(await page.locator('.contract-page-actions').getByRole('link', { name: 'Résilier votre contrat' }).count(), 0);
      v = await axeBothThemes(page, { each: (theme) => keepShot(page, `resiliation-demandee-${width}-${theme}.png`) });
      assert.deepEqual(v, [], `axe cancellation filed at ${width}`);

      // Signed in, /resilier is the three steps, not the visitor's form.
      await page.goto(`${env.server.url}/resilier`);
      await heading(page, 'Résilier votre contrat');
      await page.getByRole('heading', { name: /Étape 1\s+sur 3/ }).waitFor();
      assert.equal(await page.getByLabel('Numéro du contrat').count(), 0);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
