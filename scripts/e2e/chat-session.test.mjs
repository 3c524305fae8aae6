// The chat follows the session (issue 7, point 4) through the real server:
// a visitor's conversation goes with them into their account, signing out
// starts a new visitor conversation without the earlier messages, the
// signed-in messages are in the owner's data export, and sign-in and
// sign-out in one tab show in the other tabs (navbar and chat).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { heading, newPage, useServerAndBrowser } from './helpers.mjs';

const password = 'une longue phrase de passe';
let n = 0;
const uniqueEmail = () => `chat${Date.now()}${n++}@exemple.fr`;

const env = useServerAndBrowser();

function chatParts(page) {
  const panel = page.getByRole('dialog', { name: 'Assistant' });
  return { panel, log: panel.getByRole('log'), input: panel.getByPlaceholder('Tapez votre message…') };
}

/** Opens the chat if it is closed and waits for a conversation. */
async function openChat(page) {
  const launcher = page.getByRole('button', { name: "Ouvrir l’assistant" });
  const chat = chatParts(page);
  // Right after a reload neither may be drawn yet: wait for one of them,
  // since isVisible() does not wait (seen failing once in CI).
  await launcher.or(chat.panel).first().waitFor();
  if (await launcher.isVisible()) await launcher.click();
  await chat.log.getByText(/Je peux/).first().waitFor();
  return chat;
}

/** Sends text and waits until the server has stored it. */
async function say(page, input, text) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/messages') && r.request().method() === 'POST');
  await input.fill(text);
  await input.press('Enter');
  assert.equal((await answer).status(), 200);
  await chatParts(page).log.getByText(text).waitFor();
}

const storedId = (page) => page.evaluate(() => localStorage.getItem('chatConversation'));

/** The answer of a same-origin API call made from page. */
function call(page, method, path, body) {
  return page.evaluate(async ([m, p, b]) => {
    const r = await fetch(p, { method: m, headers: b ? { 'Content-Type': 'application/json' } : {}, body: b ? JSON.stringify(b) : undefined });
    return { status: r.status, text: await r.text() };
  }, [method, path, body]);
}

/** Signs out from the account menu, the chat closed first (it may cover the menu). */
async function signOutFromMenu(page, name) {
  const close = page.getByRole('button', { name: "Fermer l’assistant" });
  if (await close.isVisible()) await close.click();
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

const signInLink = (page) => page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Connexion' });

describe('the chat follows the session', () => {
  test('visitor chat, sign-up, a message, sign-out: a new visitor conversation, and the messages in the export', async () => {
    const { page, context, errors } = await newPage(env.browser);
    const email = uniqueEmail();
    await page.goto(env.server.url + '/');
    await heading(page);
    let chat = await openChat(page);
    await say(page, chat.input, 'Je cherche une assurance pour ma moto');
    const visitorId = await storedId(page);
    assert.ok(visitorId);

    // Sign-up through the form: the site attaches the conversation.
    await page.goto(env.server.url + '/register');
    await heading(page, 'Créer un compte');
    await page.getByLabel('Nom affiché').fill('Léa Girard');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByLabel('Confirmez le mot de passe').fill(password);
    const attached = page.waitForResponse((r) => r.url().endsWith(`/${visitorId}/attach`));
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    assert.equal((await attached).status(), 204);
    await page.getByRole('button', { name: /Léa Girard/ }).waitFor();

    // The conversation went with the visitor into the account.
    chat = await openChat(page);
    await chat.log.getByText('Je cherche une assurance pour ma moto').waitFor();
    await say(page, chat.input, 'Mon contrat porte le numéro 4242');
    assert.equal(await storedId(page), visitorId);
    assert.equal((await call(page, 'GET', `/api/chat/conversations/${visitorId}`)).status, 200);

    // Sign-out: the browser forgets it and the chat starts afresh.
    await signOutFromMenu(page, /Léa Girard/);
    await signInLink(page).waitFor();
    chat = await openChat(page);
    await page.waitForFunction((old) => {
      const id = localStorage.getItem('chatConversation');
      return id && id !== old;
    }, visitorId);
    await chat.log.getByText(/Je peux/).first().waitFor();
    assert.equal(await chat.log.getByText('Mon contrat porte le numéro 4242').count(), 0);
    assert.equal(await chat.log.getByText('Je cherche une assurance pour ma moto').count(), 0);
    await page.reload();
    chat = await openChat(page);
    assert.equal(await chat.log.getByText(/4242|moto/).count(), 0, 'the earlier messages came back after a reload');
    // The ID alone opens nothing any more.
    assert.equal((await call(page, 'GET', `/api/chat/conversations/${visitorId}`)).status, 404);

    // Both messages are in the owner's export.
    const login = await call(page, 'POST', '/api/auth/login', { email, password, remember: false });
    assert.equal(login.status, 200, login.text);
    const res = await call(page, 'GET', '/api/profile/export');
    assert.equal(res.status, 200);
    const texts = JSON.parse(res.text).chatConversations.flatMap((c) => c.messages.map((m) => m.text));
    assert.ok(texts.includes('Je cherche une assurance pour ma moto'), 'the visitor message is missing from the export');
    assert.ok(texts.includes('Mon contrat porte le numéro 4242'), 'the signed-in message is missing from the export');
    assert.deepEqual(errors.filter((e) => !/status of 40[14]/.test(e)), []);
    await context.close();
  });

  test('sign-in and sign-out in one tab show in the other tab: navbar and chat', async () => {
    const { page: a, context, errors } = await newPage(env.browser);
    const b = await context.newPage();
    const email = uniqueEmail();
    await a.goto(env.server.url + '/');
    await heading(a);
    const reg = await call(a, 'POST', '/api/auth/register', { email, password, displayName: 'Hugo Lambert' });
    assert.equal(reg.status, 201, reg.text);
    await call(a, 'POST', '/api/auth/logout');
    await a.reload();
    await b.goto(env.server.url + '/insurance');
    await heading(b);
    await signInLink(b).waitFor();

    // Sign-in in tab A: tab B's navbar shows the account, without a reload.
    await a.goto(env.server.url + '/login');
    // A prerendered page: typed into and sent before React has attached, the form would do nothing.
    await heading(a, 'Connexion');
    await a.getByLabel('Adresse e-mail').fill(email);
    await a.getByLabel('Mot de passe', { exact: true }).fill(password);
    await a.getByRole('button', { name: 'Se connecter' }).click();
    await a.getByRole('button', { name: /Hugo Lambert/ }).waitFor();
    await b.getByRole('button', { name: /Hugo Lambert/ }).waitFor();

    // Both tabs show the signed-in conversation.
    const chatA = await openChat(a);
    await say(a, chatA.input, 'Question privée sur mon contrat');
    const chatB = await openChat(b);
    await chatB.log.getByText('Question privée sur mon contrat').waitFor();

    // Sign-out in tab A: tab B's navbar and chat follow.
    await signOutFromMenu(a, /Hugo Lambert/);
    await signInLink(b).waitFor();
    assert.equal(await b.getByRole('button', { name: /Hugo Lambert/ }).count(), 0);
    await chatB.log.getByText(/Je peux/).first().waitFor();
    await b.waitForFunction(() => !document.querySelector('[role=log]')?.textContent?.includes('Question privée'));
    assert.equal(await chatB.log.getByText('Question privée sur mon contrat').count(), 0);
    assert.deepEqual(errors.filter((e) => !/status of 40[14]/.test(e)), []);
    await context.close();
  });
});
