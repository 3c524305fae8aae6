// Accounts through the browser: sign-up, sign-in, the navbar dropdown,
// sign-out, the forms' errors, the profile, data download and deletion.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { heading, newPage, useServerAndBrowser } from './helpers.mjs';
import { password, registerClient } from './desk-helpers.mjs';

let n = 0;
const uniqueEmail = () => `client${Date.now()}${n++}@exemple.fr`;

const env = useServerAndBrowser();

async function fillRegister(page, { name = 'Anne Martin', email, pass = password, confirm = pass }) {
  await page.getByLabel('Nom affiché').fill(name);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(pass);
  await page.getByLabel('Confirmez le mot de passe').fill(confirm);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
}

async function signUpThroughApi(page, email, displayName = 'Bruno Petit') {
  await registerClient(page, env.server.url, email, displayName);
  await page.reload();
  await heading(page);
}

describe('sign-up, sign-in and sign-out', () => {
  test('a visitor sent to /login signs up, lands where they asked and stays signed in', async () => {
    const { page, context, errors } = await newPage(env.browser);
    const email = uniqueEmail();
    await page.goto(env.server.url + '/dashboard');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === '/dashboard');
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await page.waitForURL((u) => u.pathname === '/register');
    await fillRegister(page, { email });
    await page.waitForURL((u) => u.pathname === '/dashboard');
    assert.equal(await heading(page, 'Tableau de bord'), 'Tableau de bord');
    assert.match(await page.locator('main').innerText(), /Bonjour Anne Martin/);

    const account = page.getByRole('button', { name: /Anne Martin/ });
    await account.click();
    const items = await page.getByRole('menuitem').allInnerTexts();
    assert.deepEqual(items.map((s) => s.trim()), ['Profil', 'Tableau de bord', 'Mes devis', 'Mes contrats', 'Mes sinistres', 'Déconnexion']);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    // Reload: the signed-out navbar must never show, not even for a frame.
    await page.addInitScript(() => {
      window.__sawSignIn = false;
      new MutationObserver(() => {
        if ([...document.querySelectorAll('nav a')].some((a) => a.textContent === 'Connexion')) window.__sawSignIn = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await heading(page, 'Tableau de bord');
    await page.getByRole('button', { name: /Anne Martin/ }).waitFor();
    assert.equal(await page.evaluate(() => window.__sawSignIn), false);

    await page.getByRole('button', { name: /Anne Martin/ }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Connexion' }).waitFor();

    // Signed out for real: the protected page sends to /login, and signing in brings the visitor back.
    await page.goto(env.server.url + '/profile');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((u) => u.pathname === '/profile');
    assert.equal(await heading(page, 'Mon profil'), 'Mon profil');
    assert.deepEqual(errors.filter((e) => !/status of 401/.test(e)), []);
    await context.close();
  });

  test('the dropdown works with the keyboard and closes on an outside click', async () => {
    const { page, context } = await newPage(env.browser);
    await signUpThroughApi(page, uniqueEmail(), 'Chloé Dubois');
    const account = page.getByRole('button', { name: /Chloé Dubois/ });
    await account.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Profil');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Tableau de bord');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup')), 'menu');
    await account.click();
    await page.getByRole('menu').waitFor();
    await page.locator('main h1').click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('form errors', () => {
  test('sign-up shows French errors next to the fields', async () => {
    const { page, context } = await newPage(env.browser, { allowErrors: true });
    await page.goto(env.server.url + '/register');
    await heading(page, 'Inscription');
    await fillRegister(page, { email: 'pas-une-adresse', pass: 'court', confirm: 'autre' });
    const text = () => page.locator('main').innerText();
    assert.match(await text(), /Adresse e-mail invalide\./);
    assert.match(await text(), /au moins 12\u00a0caractères/);
    assert.match(await text(), /Les mots de passe ne correspondent pas\./);
    assert.equal(await page.getByLabel('Adresse e-mail').getAttribute('aria-invalid'), 'true');

    await fillRegister(page, { email: uniqueEmail(), pass: 'motdepasse123', confirm: 'motdepasse123' });
    await page.getByText(/trop courant/).waitFor();

    const taken = uniqueEmail();
    await registerClient(page, env.server.url, taken, '');
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
    await fillRegister(page, { email: taken });
    await page.getByText('Un compte existe déjà avec cette adresse e-mail.').waitFor();
    await context.close();
  });

  test('sign-in shows one message for a wrong password or an unknown e-mail, then the rate limit', async () => {
    const { page, context } = await newPage(env.browser, { allowErrors: true });
    const email = uniqueEmail();
    await signUpThroughApi(page, email);
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
    await page.goto(env.server.url + '/login');
    await heading(page, 'Connexion');
    for (const [who, pass] of [[email, 'mauvais mot de passe'], ['inconnu@exemple.fr', password]]) {
      await page.getByLabel('Adresse e-mail').fill(who);
      await page.getByLabel('Mot de passe', { exact: true }).fill(pass);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.getByText('E-mail ou mot de passe incorrect.').waitFor();
    }
    // The password toggle shows what was typed.
    await page.getByRole('button', { name: /Afficher/ }).click();
    assert.equal(await page.getByLabel('Mot de passe', { exact: true }).getAttribute('type'), 'text');
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('Adresse e-mail').fill(email);
      await page.getByLabel('Mot de passe', { exact: true }).fill('encore une mauvaise ' + i);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      // Answered before the next try: the button is back to its name (« Connexion… » while busy).
      await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    }
    await page.getByText(/Trop de tentatives de connexion\. Réessayez dans \d+\sminute/).waitFor();
    await context.close();
  });
});

describe('profile', () => {
  test('edit the name and e-mail, change the password, download the data, delete the account', async () => {
    const { page, context } = await newPage(env.browser, { allowErrors: true });
    const email = uniqueEmail();
    await signUpThroughApi(page, email, 'Denis Roux');
    await page.goto(env.server.url + '/profile');
    await heading(page, 'Mon profil');
    const main = page.locator('main');
    assert.match(await main.innerText(), /Client/);

    await page.getByLabel('Nom affiché').fill('Denise Roux');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Vos informations ont été enregistrées.').waitFor();
    await page.getByRole('button', { name: /Denise Roux/ }).waitFor();

    const newEmail = uniqueEmail();
    await page.getByLabel('Adresse e-mail').fill(newEmail);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(/Saisissez votre mot de passe actuel/).waitFor();
    await page.getByLabel('Mot de passe actuel').first().fill(password);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Vos informations ont été enregistrées.').waitFor();

    const newPassword = 'une autre phrase bien longue';
    const pwForm = page.locator('form', { has: page.getByRole('heading', { name: 'Mot de passe', exact: true }) });
    await pwForm.getByLabel('Mot de passe actuel', { exact: true }).fill(password);
    await pwForm.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
    await pwForm.getByLabel('Confirmez le nouveau mot de passe').fill(newPassword);
    await pwForm.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText(/Mot de passe changé/).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Télécharger mes données' }).click()]);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
    assert.equal(data.user.email, newEmail);
    assert.equal(data.user.displayName, 'Denise Roux');
    assert.ok(!JSON.stringify(data).includes('argon2'), 'the export leaks the password hash');

    const del = page.locator('form', { has: page.getByRole('heading', { name: 'Supprimer mon compte' }) });
    await del.getByLabel('Mot de passe').fill('pas le bon mot de passe');
    // The first click says what stays; the password is checked at the confirmation.
    await del.getByRole('button', { name: /Supprimer définitivement/ }).click();
    await del.getByRole('heading', { name: 'Avant de confirmer' }).waitFor();
    await del.getByRole('button', { name: 'Confirmer la suppression' }).click();
    await del.getByText('Mot de passe incorrect.').waitFor();
    await del.getByLabel('Mot de passe').fill(newPassword);
    await del.getByRole('button', { name: 'Confirmer la suppression' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Connexion' }).waitFor();
    const status = await page.evaluate(async (body) => (await fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status, { email: newEmail, password: newPassword, remember: false });
    assert.equal(status, 401);
    await context.close();
  });
});
