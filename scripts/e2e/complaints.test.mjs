// Complaints through the real server: a visitor and a signed-in client
// file a complaint on /reclamations with the keyboard alone (errors in
// French next to their fields, the client's identity taken from the
// account), an admin made with `courtier users create` acknowledges and
// answers it through the API, and the client finds both in their data;
// the page at 375 px has no sideways scrolling and passes axe with its
// errors and its success screen, in both themes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { axeBothThemes, company, heading, newPage, useServerAndBrowser } from './helpers.mjs';
import { call, password, registerClient, signIn as staffSignIn } from './desk-helpers.mjs';

const bin = fileURLToPath(new URL('../../bin/courtier', import.meta.url));
const env = useServerAndBrowser();
let n = 0;

/** Creates an admin with the binary, as an operator does, while the server runs. */
function createAdmin() {
  const email = `admin${Date.now()}${n++}@exemple.fr`;
  execFileSync(bin, ['users', 'create', '--email', email, '--name', 'Alice Admin', '--role', 'admin', '--db', env.server.db], { input: `${password}\n` });
  return email;
}

/** Signs page in (email) or up as a new client (no email), through the API from the page. */
async function signIn(page, email) {
  await page.goto(env.server.url + '/');
  await heading(page);
  if (email) {
    // Staff: the password, then the code of their app (desk-helpers).
    await staffSignIn(page, env.server.url, email);
  } else {
    await registerClient(page, env.server.url, `reclamation${Date.now()}${n++}@exemple.fr`, 'Claire Dubois');
  }
}

/** The text of the error an element's aria-describedby points to. */
function errorOf(locator) {
  return locator.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id))
      .filter((e) => e?.classList.contains('field-error')).map((e) => e.textContent).join(' '));
}

/** Presses Tab until the element with id has the focus (at most 60 times). */
async function tabTo(page, id) {
  for (let i = 0; i < 60; i++) {
    if (await page.evaluate(() => document.activeElement?.id) === id) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached #${id}`);
}

/** Types the complaint's texts, from the subject on, with Tab between fields. */
async function typeComplaint(page, visitor) {
  await tabTo(page, 'reclamation-subject');
  await page.keyboard.type('Remboursement non reçu');
  await page.keyboard.press('Tab');
  await page.keyboard.type('DV-2026-000123');
  await page.keyboard.press('Tab');
  await page.keyboard.type("J'ai résilié mon contrat en janvier ; le remboursement promis n'est jamais arrivé.");
  await page.keyboard.press('Tab');
  await page.keyboard.type('Le remboursement du trop-perçu.');
  if (visitor) {
    await page.keyboard.press('Tab');
    await page.keyboard.type('Jeanne Visiteuse');
    await page.keyboard.press('Tab');
    await page.keyboard.type('jeanne@exemple.fr');
  }
  await tabTo(page, 'reclamation-consent');
  await page.keyboard.press('Space');
}

/** Sends the form with Enter from its button; resolves to the API's answer. */
async function submit(page) {
  await tabTo(page, 'reclamation-envoyer');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/complaints') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  return (await answer).json();
}

describe('complaints', () => {
  test('a visitor files a complaint with the keyboard, after French errors next to the fields', async () => {
    const { page, context, errors } = await newPage(env.browser, { width: 375, height: 800 });
    await page.goto(env.server.url + '/reclamations');
    assert.equal(await heading(page, 'Réclamations'), 'Réclamations');
    const text = await page.locator('main').innerText();
    for (const part of [`${company.complaints.acknowledgeDays}\u00a0jours ouvrables`, `${company.complaints.answerMonths}\u00a0mois`,
      company.complaints.email, company.mediator.name, 'gratuitement']) {
      assert.ok(text.includes(part), `the page lacks ${part}`);
    }
    await tabTo(page, 'reclamation-subject');
    await page.keyboard.press('Enter');
    assert.equal(await errorOf(page.locator('#reclamation-subject')), 'Indiquez l’objet de votre réclamation.');
    assert.equal(await errorOf(page.locator('#reclamation-facts')), 'Décrivez les faits.');
    assert.equal(await errorOf(page.locator('#reclamation-email')), 'Saisissez votre adresse e-mail.');
    assert.match(await errorOf(page.locator('#reclamation-consent')), /^Cochez la case/);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'reclamation-subject');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth), false);

    await typeComplaint(page, true);
    const filed = await submit(page);
    assert.match(filed.complaint.ref, /^RC-\d{4}-\d{6}$/);
    // The answer has arrived; React renders the receipt, then an effect focuses it.
    await page.locator('.complaints-done h2:focus').waitFor({ timeout: 5000 });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Votre réclamation est enregistrée');
    const done = await page.locator('.complaints-done').innerText();
    assert.ok(done.includes(filed.complaint.ref));
    assert.match(done, /au plus tard le \d{1,2}(er)?\u00a0\p{L}+ \d{4}\./u);
    assert.equal(await page.getByRole('link', { name: 'Suivre ma réclamation dans mon espace' }).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a client files a complaint under their account; an admin acknowledges and answers it; the client has both', async () => {
    const client = await newPage(env.browser);
    await signIn(client.page);
    await client.page.goto(env.server.url + '/reclamations');
    await heading(client.page, 'Réclamations');
    const identity = await client.page.locator('.complaints-signed-in').innerText();
    assert.match(identity, /connecté en tant que Claire Dubois \(reclamation\d+@exemple\.fr\)/);
    assert.equal(await client.page.locator('#reclamation-name').count(), 0);
    await typeComplaint(client.page, false);
    const filed = (await submit(client.page)).complaint;
    await client.page.getByRole('link', { name: 'Suivre ma réclamation dans mon espace' }).waitFor();

    const admin = await newPage(env.browser);
    await signIn(admin.page, createAdmin());
    const id = filed.id;
    const detail = await call(admin.page, 'GET', `/api/desk/requests/${id}/complaint`);
    assert.equal(detail.status, 200);
    assert.equal(detail.body.complaint.concerns, 'DV-2026-000123');
    assert.equal(detail.body.complaint.acknowledgedAt, '');
    const refused = await call(client.page, 'POST', `/api/desk/requests/${id}/acknowledge`, { text: 'Je m\'accuse réception tout seul.' });
    assert.equal(refused.status, 403);
    const ack = await call(admin.page, 'POST', `/api/desk/requests/${id}/acknowledge`, { text: 'Bonjour, nous avons bien reçu votre réclamation et nous l\'étudions.' });
    assert.equal(ack.status, 200, JSON.stringify(ack.body));
    const answer = await call(admin.page, 'POST', `/api/desk/requests/${id}/answer`, { text: 'Bonjour, le remboursement vous a été adressé ce jour.' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.notEqual(answer.body.complaint.answeredAt, '');

    const mine = await client.page.evaluate(async () => (await fetch('/api/profile/export')).json());
    const exported = mine.complaints.find((c) => c.ref === filed.ref);
    assert.equal(exported.status, 'Réponse envoyée');
    assert.deepEqual(exported.replies.map((r) => [r.label, r.authorName]), [['Accusé de réception', 'Alice Admin'], ['Réponse à votre réclamation', 'Alice Admin']]);
    assert.ok(exported.replies[1].body.includes(company.mediator.name), 'the answer names the mediator');
    // The one refusal asked for above logs its 403 in the client's console.
    assert.deepEqual([...client.errors.filter((e) => !/status of 403/.test(e)), ...admin.errors], []);
    await client.context.close();
    await admin.context.close();
  });

  test('axe WCAG 2.1 AA in both themes on the form with its errors and on the success screen, 375 px', async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 800 }, bypassCSP: true, reducedMotion: 'reduce', locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(env.server.url + '/reclamations');
    await heading(page, 'Réclamations');
    const axeClean = async (what) => assert.deepEqual(await axeBothThemes(page), [], what);
    await tabTo(page, 'reclamation-subject');
    await page.keyboard.press('Enter');
    await page.locator('#reclamation-subject[aria-invalid="true"]').waitFor();
    await axeClean('errors');
    await typeComplaint(page, true);
    await submit(page);
    await page.locator('.complaints-done').waitFor();
    await axeClean('success');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth), false);
    await context.close();
  });
});
