// Quote offers through the real server: a client files a car quote, staff
// made with `courtier users create` answer it (the agent is refused until
// they take the request; an admin needs not), the client reads the offers
// in /my-quotes with French prices and dates, chooses one after a
// confirmation, the agent sees the acceptance; another request is declined
// with a required reason; axe WCAG 2.1 AA on /my-quotes with offers, both
// themes, 375 and 1280 px, without sideways scrolling.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { axeBothThemes, heading, newPage, useServerAndBrowser } from './helpers.mjs';
import { call, password, registerClient, signIn as staffSignIn } from './desk-helpers.mjs';

const bin = fileURLToPath(new URL('../../bin/courtier', import.meta.url));
const env = useServerAndBrowser();
let n = 0;

const car = { product: 'car', details: { brand: 'peugeot', model: '208', year: 2019, energy: 'essence', usage: 'prive', licenceYear: 2010, cover: 'tous-risques' }, contact: { method: 'email', phone: '' }, message: '' };

/** The day `days` days from today in Paris, "2026-12-22", and as the site writes it, "22 décembre 2026". */
function dayAhead(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const text = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(d).replace(/^1 /, '1er ').replace(' ', '\u00a0');
  return { iso: d.toISOString().slice(0, 10), text };
}

const valid = dayAhead(30);
const offers = [
  { insurer: 'Mutuelle du Littoral', productName: 'Auto Confort', monthlyCents: 4590, yearlyCents: 52000, guarantees: ['Responsabilité civile', 'Bris de glace', 'Assistance 0 km'], deductibleCents: 30000, validUntil: valid.iso, note: 'Tarif avec votre bonus de 0,68.' },
  { insurer: 'Assurances du Bocage', productName: 'Tous risques Premium', monthlyCents: 123456, yearlyCents: 1400000, guarantees: ['Tous risques', 'Véhicule de remplacement'], deductibleCents: 0, validUntil: valid.iso, note: '' },
];

/** Creates a staff account with the binary, as an operator does, while the server runs. */
function createStaff(role) {
  const email = `${role}${Date.now()}${n++}@exemple.fr`;
  execFileSync(bin, ['users', 'create', '--email', email, '--name', role === 'agent' ? 'Julien Conseil' : 'Alice Admin', '--role', role, '--db', env.server.db], { input: `${password}\n` });
  return email;
}

/** A page signed in as a new client (sign-up) or as email (sign-in); axe: scripts may be added. */
async function signedIn(options, email, axe = false) {
  const p = await newPage(env.browser, options);
  if (axe) {
    await p.context.close();
    p.context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, reducedMotion: 'reduce', locale: 'fr-FR' });
    p.page = await p.context.newPage();
    p.page.on('pageerror', (e) => p.errors.push(e.message));
  }
  await p.page.goto(env.server.url + '/');
  await heading(p.page);
  if (email) {
    // Staff: the password, then the code of their app (desk-helpers).
    await staffSignIn(p.page, env.server.url, email);
  } else {
    await registerClient(p.page, env.server.url, `offres${Date.now()}${n++}@exemple.fr`, 'Claire Dubois');
  }
  return p;
}

/** A client with a car quote answered by an admin with the two offers; returns the client's page and the request. */
async function answeredRequest(admin, options, axe = false) {
  const client = await signedIn(options, undefined, axe);
  const created = await call(client.page, 'POST', '/api/quotes', car);
  assert.equal(created.status, 201);
  const sent = await call(admin.page, 'POST', `/api/desk/requests/${created.body.quote.id}/offers`, { offers });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  return { client, quote: created.body.quote };
}

describe('quote offers', () => {
  test('staff answer a car quote with two offers, the client chooses one in /my-quotes, the agent sees it', async () => {
    const agent = await signedIn({}, createStaff('agent'));
    const admin = await signedIn({}, createStaff('admin'));
    const client = await signedIn({});
    const created = await call(client.page, 'POST', '/api/quotes', car);
    assert.equal(created.status, 201);
    const { id, ref } = created.body.quote;
    assert.match(ref, /^DV-\d{4}-\d{6}$/);

    // The client may not send offers; the agent may not before taking the request; an admin may.
    assert.equal((await call(client.page, 'POST', `/api/desk/requests/${id}/offers`, { offers })).status, 403);
    const refused = await call(agent.page, 'POST', `/api/desk/requests/${id}/offers`, { offers });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, "Prenez d’abord cette demande en charge.");
    // Once the desk API of the staff branch is there, the agent takes the
    // request and sends the offers; until then an admin, who needs not take it, does.
    const took = await call(agent.page, 'POST', `/api/desk/requests/${id}/take`);
    const sender = took.status === 200 ? agent : admin;
    const sent = await call(sender.page, 'POST', `/api/desk/requests/${id}/offers`, { offers });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.quote.status, 'offered');

    const { page, errors } = client;
    await page.goto(env.server.url + '/my-quotes');
    assert.equal(await heading(page, 'Mes devis'), 'Mes devis');
    const card = page.locator('.quote-card').first();
    await card.locator('.offer-card').first().waitFor();
    const text = await card.textContent();
    assert.match(text, new RegExp(`Référence\u00a0: ${ref}`));
    assert.match(text, /Offres à consulter/);
    const [first, second] = [card.locator('.offer-card').nth(0), card.locator('.offer-card').nth(1)];
    const firstText = await first.textContent();
    assert.match(firstText, /Mutuelle du Littoral/);
    assert.match(firstText, /45,90\u00a0€ par mois/);
    assert.match(firstText, /ou 520,00\u00a0€ par an/);
    assert.match(firstText, /Franchise\s*(\u00a0:)?\s*300,00\u00a0€/);
    assert.match(firstText, /Assistance 0\u00a0km/);
    assert.ok(firstText.includes(`Valable jusqu’au ${valid.text}`), firstText);
    const secondText = await second.textContent();
    assert.match(secondText, /1\u202f234,56\u00a0€ par mois/);
    assert.match(secondText, /ou 14\u202f000,00\u00a0€ par an/);
    assert.match(secondText, /Sans franchise/);

    // Choosing asks first; the keyboard reaches every step.
    await second.getByRole('button', { name: 'Choisir cette offre' }).focus();
    await page.keyboard.press('Enter');
    const confirmTitle = card.getByRole('heading', { name: 'Confirmer votre choix' });
    await confirmTitle.waitFor();
    assert.equal(await confirmTitle.evaluate((el) => el === document.activeElement), true);
    assert.match(await card.locator('.offer-confirm').innerText(), /Vous choisissez «\u00a0Tous risques Premium\u00a0» d’Assurances du Bocage à 1\u202f234,56\u00a0€ par mois/);
    await card.getByRole('button', { name: 'Confirmer mon choix' }).click();
    await card.getByRole('status').filter({ hasText: 'vous avez choisi' }).waitFor();
    assert.match(await card.locator('.quote-status').innerText(), /Offre acceptée/);
    assert.match(await second.innerText(), /Offre choisie/);
    assert.equal(await second.evaluate((el) => el.classList.contains('offer-card-chosen')), true);
    assert.equal(await first.evaluate((el) => el.classList.contains('offer-card-settled')), true);
    assert.match(await first.innerText(), /Non retenue/);
    assert.equal(await card.getByRole('button', { name: /Choisir cette offre|Refuser les offres/ }).count(), 0);

    // After a reload too; and the agent, who did not take it, reads the acceptance.
    await page.reload();
    await page.locator('.offer-card-chosen').waitFor();
    const seen = await call(agent.page, 'GET', `/api/desk/requests/${id}/quote`);
    assert.equal(seen.status, 200);
    assert.equal(seen.body.quote.status, 'accepted');
    assert.deepEqual(seen.body.quote.offers.map((o) => o.status), ['declined', 'accepted']);
    // The refused call above is the only failed load the browser logs.
    assert.deepEqual(errors.filter((e) => !/status of 403/.test(e)), []);
    for (const p of [agent, admin, client]) await p.context.close();
  });

  test('declining needs a reason, given next to the field; the request then shows it', async () => {
    const admin = await signedIn({}, createStaff('admin'));
    const { client } = await answeredRequest(admin, {});
    const { page, errors } = client;
    await page.goto(env.server.url + '/my-quotes');
    const card = page.locator('.quote-card').first();
    await card.getByRole('button', { name: 'Refuser les offres' }).click();
    const reason = card.getByLabel('Pourquoi ces offres ne vous conviennent-elles pas ?');
    assert.equal(await reason.evaluate((el) => el === document.activeElement), true);
    await card.getByRole('button', { name: 'Envoyer mon refus' }).click();
    assert.equal(await reason.getAttribute('aria-invalid'), 'true');
    assert.match(await card.locator('.field-error').innerText(), /Dites-nous pourquoi ces offres ne vous conviennent pas\./);
    await reason.fill('Trop cher : je reste chez mon assureur.');
    await card.getByRole('button', { name: 'Envoyer mon refus' }).click();
    await card.getByRole('status').filter({ hasText: 'Votre refus est enregistré.' }).waitFor();
    assert.match(await card.locator('.quote-status').innerText(), /Offres refusées/);
    assert.match(await card.locator('.offer-declined').innerText(), /Trop cher\u00a0: je reste chez mon assureur\./);
    assert.deepEqual(errors, []);
    for (const p of [admin, client]) await p.context.close();
  });

  test('/my-quotes with offers passes axe in both themes and never scrolls sideways at 375 px', async () => {
    const admin = await signedIn({}, createStaff('admin'));
    const { client } = await answeredRequest(admin, {}, true);
    const { page, errors } = client;
    const failures = [];
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(env.server.url + '/my-quotes');
      await page.locator('.offer-card').first().waitFor();
      // With the confirmation open too: every state the client meets.
      await page.getByRole('button', { name: 'Choisir cette offre' }).first().click();
      await page.locator('.offer-confirm').waitFor();
      const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
      if (scrolls) failures.push(`${width}px: défilement horizontal`);
      for (const v of await axeBothThemes(page)) failures.push(`${width}px, ${v}`);
    }
    assert.deepEqual(failures, []);
    assert.deepEqual(errors, []);
    for (const p of [admin, client]) await p.context.close();
  });
});
