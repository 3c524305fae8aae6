// The second factor in the browser, through the real server (issue 19,
// point 5): an agent made with `courtier users create` cannot reach the
// broker's side before setting up an authenticator app; then signs in with
// the app's code, and with a recovery code (each once); an admin's
// `courtier users reset-2fa` sends them back to the set-up. A client turns
// it on from the profile with the keyboard alone, at 375 px.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { heading, newPage, useServerAndBrowser } from './helpers.mjs';
import { call, createUser, password, registerClient, setUpAppPage } from './desk-helpers.mjs';
import { keepApp, keepRecoveryCodes, nextCode } from './totp.mjs';

const env = useServerAndBrowser();
const bin = join(fileURLToPath(new URL('../..', import.meta.url)), 'bin', 'courtier');
const agent = 'agathe.deuxetapes@exemple.fr';

async function typePassword(page, email) {
  await page.goto(env.server.url + '/login');
  await heading(page, 'Connexion');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

async function typeCode(page, code) {
  await page.getByLabel('Code de validation').fill(code);
  await page.getByRole('button', { name: 'Valider' }).click();
}

/**
 * Waits until the staff dashboard has loaded its parts (the two tiles'
 * counts, the queue): a request still under way when the session ends
 * behind its back would get a 401 no person can cause.
 */
async function dashboardLoaded(page) {
  const desk = page.locator('.desk-dashboard');
  await desk.locator('.lc-tile-count').nth(1).waitFor();
  await desk.getByText('Chargement de la file…').waitFor({ state: 'detached' });
}

async function signOut(page) {
  assert.equal((await call(page, 'POST', '/api/auth/logout')).status, 204);
}

describe('the second factor', () => {
  test('an agent sets it up before the dashboard, then signs in with a code and with a recovery code, each once', async () => {
    await createUser(env.server.db, agent, 'Agathe Martin', 'agent');
    const { page, errors } = await newPage(env.browser);

    // The password alone opens a session that reaches nothing of the broker's side.
    await typePassword(page, agent);
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Sécurisez votre compte' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: /demandes/i }).count(), 0, 'no queue before the set-up');
    assert.equal((await call(page, 'GET', '/api/desk/requests')).status, 403);
    assert.equal((await call(page, 'GET', '/api/chat/inbox')).status, 403);
    await page.goto(env.server.url + '/dashboard/conversations');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Sécurisez votre compte' }).waitFor();
    // The browser logs the two refusals, which were the point.
    errors.splice(0, errors.length, ...errors.filter((e) => !/status of 403/.test(e)));

    // A wrong first code is refused next to its field; the right one shows the codes once.
    await page.getByRole('button', { name: 'Configurer mon application' }).click();
    await page.locator('.qr-code svg path').waitFor(); // the QR code, drawn by the server
    await page.getByLabel('Code de l’application').fill('000000');
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Activer la validation en deux étapes' }).click();
    await page.getByText(/Code incorrect/).waitFor();
    await page.getByRole('button', { name: 'Configurer mon application' }).waitFor({ state: 'detached' });
    const secret = (await page.locator('.totp-secret').innerText()).replace(/\s+/g, '');
    keepApp(agent, secret);
    await page.getByLabel('Code de l’application').fill(nextCode(agent));
    await page.getByRole('button', { name: 'Activer la validation en deux étapes' }).click();
    const list = page.getByRole('list', { name: 'Codes de secours' });
    await list.waitFor();
    const codes = await list.locator('code').allInnerTexts();
    assert.equal(codes.length, 10);
    await page.getByRole('button', { name: 'J’ai noté mes codes' }).click();
    await dashboardLoaded(page);
    assert.equal((await call(page, 'GET', '/api/desk/requests')).status, 200);
    await signOut(page);

    // Next sign-in: the password, then the app's code; a wrong code first.
    await typePassword(page, agent);
    await page.getByLabel('Code de validation').waitFor();
    assert.equal((await call(page, 'GET', '/api/session')).body.user, null, 'no session before the code');
    await typeCode(page, '000000');
    await page.getByText(/Code incorrect ou déjà utilisé/).waitFor();
    errors.splice(0, errors.length, ...errors.filter((e) => !/status of 400/.test(e)));
    await typeCode(page, nextCode(agent));
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await dashboardLoaded(page);
    await signOut(page);

    // A recovery code, once.
    await typePassword(page, agent);
    await typeCode(page, codes[0]);
    await dashboardLoaded(page);
    await signOut(page);
    await typePassword(page, agent);
    await typeCode(page, codes[0]);
    await page.getByText(/Code incorrect ou déjà utilisé/).waitFor();
    errors.splice(0, errors.length, ...errors.filter((e) => !/status of 400/.test(e)));
    await typeCode(page, codes[1]);
    await dashboardLoaded(page);
    await signOut(page);

    // The admin's reset: the password alone, and the set-up again.
    const out = execFileSync(bin, ['users', 'reset-2fa', agent, '--db', env.server.db], { encoding: 'utf8' });
    assert.match(out, /^Validation en deux étapes de agathe\.deuxetapes@exemple\.fr retirée ; une nouvelle application sera demandée/);
    await typePassword(page, agent);
    await page.getByRole('heading', { name: 'Sécurisez votre compte' }).waitFor();
    await setUpAppPage(page, agent);
    await dashboardLoaded(page);
    assert.deepEqual(errors, []);
  });

  test('a client turns it on from the profile with the keyboard at 375 px, and off again', async () => {
    const { page, errors } = await newPage(env.browser, { width: 375, height: 800 });
    const email = `client.deuxetapes.${Date.now()}@exemple.fr`;
    await registerClient(page, env.server.url, email, 'Inès Garnier');
    await page.goto(env.server.url + '/profile');
    await heading(page, 'Mon profil');
    const card = page.getByRole('region', { name: 'Validation en deux étapes' });
    await card.getByRole('button', { name: 'Configurer mon application' }).focus();
    await page.keyboard.press('Enter');
    const secret = (await card.locator('.totp-secret').innerText()).replace(/\s+/g, '');
    keepApp(email, secret);
    await card.getByLabel('Code de l’application').focus();
    await page.keyboard.type(nextCode(email));
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    const list = card.getByRole('list', { name: 'Codes de secours' });
    await list.waitFor();
    const codes = await list.locator('code').allInnerTexts();
    keepRecoveryCodes(email, codes);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'no sideways scroll at 375 px');
    await card.getByRole('button', { name: 'J’ai noté mes codes' }).focus();
    await page.keyboard.press('Enter');
    await card.getByText('Il vous reste 10\u00a0codes de secours.').waitFor();
    assert.equal((await call(page, 'GET', '/api/session')).body.user.twoFactor, true);

    await card.getByRole('button', { name: 'Désactiver' }).click();
    await card.getByLabel('Mot de passe', { exact: true }).fill(password);
    await card.getByRole('button', { name: 'Retirer la validation en deux étapes' }).click();
    await card.getByText(/le mot de passe suffit de nouveau/).waitFor();
    assert.equal((await call(page, 'GET', '/api/session')).body.user.twoFactor, false);
    assert.deepEqual(errors, []);
  });
});
