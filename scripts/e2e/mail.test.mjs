// The mails a person acts on, through the browser and the real server with
// no --smtp: the links are read from the outbox with `courtier mail list
// --json` and `courtier mail show ID --json`, as a broker trying the
// product reads them. A forgotten password is reset from /login with the
// keyboard (the same answer for an unknown address; the link works once;
// the sessions end), and a new client's address is confirmed from its link
// (the dashboard says what waits, then no more).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { heading, newPage, useServerAndBrowser } from './helpers.mjs';
import { mailTo as outboxMail } from './outbox.mjs';
import { password, registerClient } from './desk-helpers.mjs';

const env = useServerAndBrowser();
const mailTo = (email, template) => outboxMail(env.server.db, email, template);
let n = 0;
const uniqueEmail = () => `mail${Date.now()}${n++}@exemple.fr`;


/** The path and query of the link to path in a mail's text part. */
function linkIn(mail, path) {
  const m = new RegExp(`https?://[^\\s]+(${path.replace('/', '\\/')}\\?token=[^\\s]+)`).exec(mail.text);
  assert.ok(m, `pas de lien ${path} dans :\n${mail.text}`);
  return m[1];
}

function signUp(page, email) {
  return registerClient(page, env.server.url, email, 'Chloé Bernard');
}

describe('mails a person acts on', () => {
  test('a forgotten password is reset from /login with the keyboard, once, and every session ends', async () => {
    const { page, context, errors } = await newPage(env.browser);
    const email = uniqueEmail();
    await signUp(page, email);
    const other = await env.browser.newContext();
    const otherPage = await other.newPage();
    // A second browser signed in: the reset must end its session too.
    await otherPage.goto(env.server.url + '/');
    assert.equal(await otherPage.evaluate(async (body) => (await fetch('/api/auth/login', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    })).status, { email, password }), 200);

    await page.goto(env.server.url + '/login');
    await heading(page, 'Connexion');
    await page.getByRole('link', { name: 'Mot de passe oublié\u00a0?' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/forgot-password');
    await heading(page, 'Mot de passe oublié');
    await page.getByLabel('Adresse e-mail').fill('personne-ici@exemple.fr');
    await page.keyboard.press('Enter');
    const unknown = await page.getByRole('status').innerText();
    await page.reload();
    await heading(page, 'Mot de passe oublié');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.keyboard.press('Enter');
    const known = await page.getByRole('status').innerText();
    assert.equal(known, unknown, 'the same answer for an address with an account and one without');
    assert.match(known, /valable 30 minutes/);

    const link = linkIn(await mailTo(email, 'password-reset'), '/reset-password');
    await page.goto(env.server.url + link);
    await heading(page, 'Nouveau mot de passe');
    await page.getByLabel('Nouveau mot de passe').fill('court');
    await page.getByLabel('Confirmez le mot de passe').fill('court');
    await page.keyboard.press('Enter');
    // The field's own error, not the page's advice that says the same words: the request must
    // be answered before the next Enter, which a busy (disabled) button would swallow.
    await page.locator('.field-error').filter({ hasText: /au moins 12\s*caractères/ }).waitFor();
    await page.getByRole('button', { name: 'Changer le mot de passe' }).waitFor();
    const fresh = 'une toute nouvelle phrase secrète';
    await page.getByLabel('Nouveau mot de passe').fill(fresh);
    await page.getByLabel('Confirmez le mot de passe').fill(fresh);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Votre mot de passe est changé' }).waitFor();
    assert.equal(await otherPage.evaluate(async () => (await (await fetch('/api/session')).json()).user), null,
      'the other browser is signed out');

    // The link again: refused, with the way to a new one.
    await page.goto(env.server.url + link);
    await heading(page, 'Nouveau mot de passe');
    await page.getByLabel('Nouveau mot de passe').fill('encore une autre phrase');
    await page.getByLabel('Confirmez le mot de passe').fill('encore une autre phrase');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: "n’est plus valable" }).waitFor();

    await page.goto(env.server.url + '/login');
    await heading(page, 'Connexion');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(fresh);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    const changed = await mailTo(email, 'password-changed');
    assert.match(changed.subject, /Votre mot de passe a été modifié/);
    assert.deepEqual(errors.filter((e) => !/status of (400|401)/.test(e)), []);
    await other.close();
    await context.close();
  });

  test("a new client's address is confirmed from its link, and the dashboard stops asking", async () => {
    const { page, context, errors } = await newPage(env.browser, { width: 375, height: 800 });
    const email = uniqueEmail();
    await signUp(page, email);
    await page.goto(env.server.url + '/dashboard');
    await heading(page, 'Tableau de bord');
    const notice = page.getByRole('region', { name: 'Adresse e-mail à confirmer' });
    await notice.waitFor();
    assert.match(await notice.innerText(), new RegExp(email.replace('.', '\\.')));
    await notice.getByRole('button', { name: 'Renvoyer le lien' }).click();
    await notice.getByRole('status').waitFor();

    const mail = await mailTo(email, 'email-confirm');
    assert.equal(mail.status, 'pending', 'no --smtp: the mail stays « non envoyé »');
    await page.goto(env.server.url + linkIn(mail, '/confirm-email'));
    await heading(page, "Confirmation de l’adresse e-mail");
    await page.getByRole('button', { name: 'Confirmer mon adresse' }).click();
    await page.getByRole('status').filter({ hasText: 'est confirmée' }).waitFor();
    await page.goto(env.server.url + '/dashboard');
    await heading(page, 'Tableau de bord');
    assert.equal(await notice.count(), 0);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scrolling at 375 px');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
