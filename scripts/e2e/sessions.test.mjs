// "Mes sessions" through the browser: two browsers signed in to one account,
// one ends the other; an e-mail or password change signs the others out and
// leaves this browser working on its new cookie; axe on the open section.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeBothThemes, heading, useServerAndBrowser } from './helpers.mjs';

const env = useServerAndBrowser();
const password = 'une longue phrase de passe';
const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
let n = 0;
const uniqueEmail = () => `sessions${Date.now()}${n++}@exemple.fr`;

/** A browser of its own (cookies apart), optionally another device's User-Agent. */
async function browserContext({ userAgent, width = 1280 } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', locale: 'fr-FR', userAgent, bypassCSP: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A refused password answers 400; the browser logs it, the page shows it.
  page.on('console', (m) => { if (m.type() === 'error' && !/status of 400/.test(m.text())) errors.push(m.text()); });
  return { context, page, errors };
}

/** Signs up (register: true) or in through the API from page, on the site's origin. */
async function signIn(page, email, { register = false, pass = password } = {}) {
  await page.goto(env.server.url + '/');
  await heading(page);
  const status = await page.evaluate(async ([url, body]) => (await fetch(url, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  })).status, [register ? '/api/auth/register' : '/api/auth/login', { email, password: pass, ...(register ? { displayName: 'Inès Garnier' } : {}) }]);
  assert.equal(status, register ? 201 : 200);
}

/** Opens /profile and waits for "Mes sessions" to list `count` sessions. */
async function openSessions(page, count) {
  await page.goto(env.server.url + '/profile');
  await heading(page, 'Mon profil');
  const section = page.getByRole('region', { name: 'Mes sessions' });
  await section.locator('.session-item').nth(count - 1).waitFor();
  assert.equal(await section.locator('.session-item').count(), count);
  return section;
}

/** Whether page is signed out: a protected page sends it to /login. */
async function signedOut(page) {
  await page.goto(env.server.url + '/dashboard');
  const h1 = await heading(page, /^(Connexion|Tableau de bord)$/);
  assert.equal(new URL(page.url()).pathname, h1 === 'Connexion' ? '/login' : '/dashboard');
  return h1 === 'Connexion';
}

describe('Mes sessions', () => {
  test('the first browser sees two sessions, ends the other with the keyboard, and the other is signed out', async () => {
    const email = uniqueEmail();
    const a = await browserContext();
    const b = await browserContext({ userAgent: iPhone });
    await signIn(a.page, email, { register: true });
    await signIn(b.page, email);

    const section = await openSessions(a.page, 2);
    const items = await section.locator('.session-device').allInnerTexts();
    assert.deepEqual(items.map((s) => s.replace(/\s+/g, ' ').trim()), ['Chrome sur Linux Cette session', 'Safari sur iPhone']);
    assert.match(await section.innerText(), /Première connexion\s+\d{1,2}(er)?\s\p{L}+ \d{4}\sà\s\d{2}:\d{2}/u);
    assert.match(await section.innerText(), /Dernière activité/);

    // Keyboard only: focus the button, Enter opens the confirmation with the focus in the password field.
    const end = section.getByRole('button', { name: /Déconnecter la session «.Safari sur iPhone.»/ });
    await end.focus();
    await a.page.keyboard.press('Enter');
    await section.getByText(/Déconnecter la session «.Safari sur iPhone.».\?/).waitFor();
    assert.equal(await a.page.evaluate(() => document.activeElement?.getAttribute('autocomplete')), 'current-password');
    await a.page.keyboard.press('Escape');
    await section.getByLabel('Mot de passe').waitFor({ state: 'detached' });
    assert.equal(await a.page.evaluate(() => document.activeElement?.getAttribute('aria-expanded')), 'false');
    await a.page.keyboard.press('Enter');
    await a.page.keyboard.type('pas le bon mot de passe');
    await a.page.keyboard.press('Enter');
    await section.getByText('Mot de passe incorrect.').waitFor();
    await section.getByLabel('Mot de passe').fill(password);
    await a.page.keyboard.press('Enter');
    await section.getByText(/La session «.Safari sur iPhone.» a été déconnectée\./).waitFor();
    assert.equal(await section.locator('.session-item').count(), 1);
    assert.equal(await a.page.evaluate(() => document.activeElement?.textContent), 'Mes sessions');

    // The other browser is signed out on its next navigation; this one is not.
    assert.equal(await signedOut(b.page), true);
    assert.equal(await signedOut(a.page), false);
    assert.deepEqual([...a.errors, ...b.errors], []);
    await a.context.close();
    await b.context.close();
  });

  test('an e-mail change in one browser signs the other out; this one keeps working', async () => {
    const email = uniqueEmail();
    const a = await browserContext();
    const b = await browserContext({ userAgent: iPhone });
    await signIn(a.page, email, { register: true });
    await signIn(b.page, email);
    await openSessions(a.page, 2);

    const newEmail = uniqueEmail();
    await a.page.getByLabel('Adresse e-mail').fill(newEmail);
    await a.page.getByLabel('Mot de passe actuel').first().fill(password);
    await a.page.getByRole('button', { name: 'Enregistrer' }).click();
    await a.page.getByText('Vos informations ont été enregistrées. Vos autres sessions ont été déconnectées.').waitFor();
    const section = a.page.getByRole('region', { name: 'Mes sessions' });
    await section.getByText("Aucune autre session n’est ouverte.").waitFor();

    assert.equal(await signedOut(b.page), true);
    assert.equal(await signedOut(a.page), false, 'the renewed cookie must keep this browser signed in');
    assert.deepEqual([...a.errors, ...b.errors], []);
    await a.context.close();
    await b.context.close();
  });

  test('after a password change the page keeps working: it ends a session signed in since', async () => {
    const email = uniqueEmail();
    const a = await browserContext();
    const b = await browserContext({ userAgent: iPhone });
    await signIn(a.page, email, { register: true });
    await signIn(b.page, email);
    await openSessions(a.page, 2);

    const newPassword = 'une autre phrase bien longue';
    const pwForm = a.page.locator('form', { has: a.page.getByRole('heading', { name: 'Mot de passe', exact: true }) });
    await pwForm.getByLabel('Mot de passe actuel', { exact: true }).fill(password);
    await pwForm.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
    await pwForm.getByLabel('Confirmez le nouveau mot de passe').fill(newPassword);
    await pwForm.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await a.page.getByText(/Mot de passe changé\. Vos autres sessions ont été déconnectées\./).waitFor();
    const section = a.page.getByRole('region', { name: 'Mes sessions' });
    await section.getByText("Aucune autre session n’est ouverte.").waitFor();
    assert.equal(await signedOut(b.page), true);

    // The phone signs in again with the new password; the first browser, on its new cookie, ends it.
    await signIn(b.page, email, { pass: newPassword });
    const again = await openSessions(a.page, 2);
    await again.getByRole('button', { name: 'Déconnecter toutes les autres sessions' }).click();
    await again.getByText(/Déconnecter votre autre session.\?/).waitFor();
    await again.getByLabel('Mot de passe').fill(newPassword);
    await again.getByRole('button', { name: 'Tout déconnecter' }).click();
    await again.getByText('1 session a été déconnectée.').waitFor();
    assert.equal(await signedOut(b.page), true);
    assert.equal(await signedOut(a.page), false);
    assert.deepEqual([...a.errors, ...b.errors], []);
    await a.context.close();
    await b.context.close();
  });

  for (const width of [375, 1280]) {
    test(`the open section passes axe WCAG 2.1 AA in both themes and fits at ${width} px`, async () => {
      const email = uniqueEmail();
      const a = await browserContext({ width });
      const b = await browserContext({ userAgent: iPhone });
      await signIn(a.page, email, { register: true });
      await signIn(b.page, email);
      const section = await openSessions(a.page, 2);
      await section.getByRole('button', { name: /Déconnecter la session/ }).click();
      await section.getByLabel('Mot de passe').fill('x');
      await section.getByRole('button', { name: 'Confirmer la déconnexion' }).click();
      await section.getByText('Mot de passe incorrect.').waitFor();
      assert.deepEqual(await axeBothThemes(a.page, { selector: '.sessions-card' }), []);
      const overflow = await a.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, 'the page scrolls sideways');
      await a.context.close();
      await b.context.close();
    });
  }
});
