// The live chat (issue 10) through the real server, two browsers side by
// side: a visitor who asks for an agent, and an agent made with `courtier
// users create --role agent` on their /dashboard/conversations page.
// Then the fallback of SPEC.md §4 when nobody is there.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { heading, launchBrowser, newPage, startServer } from './helpers.mjs';
import { createUser, signInPage } from './desk-helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await createUser(server.db, 'arthur@exemple.fr', 'Arthur Bernard', 'agent');
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens the home page and the chat; returns the widget's parts. */
async function visitorChat() {
  const { page, context, errors } = await newPage(browser);
  await page.goto(server.url + '/');
  await heading(page);
  await page.getByRole('button', { name: /^Ouvrir l'assistant/ }).click();
  // The panel is named after who answers: « Assistant », then the agent.
  const panel = page.getByRole('dialog', { name: /^(Assistant|Arthur Bernard)$/ });
  const log = panel.getByRole('log');
  await log.getByText(/Je peux/).waitFor();
  return { page, context, errors, panel, log, input: panel.getByPlaceholder('Tapez votre message...') };
}

/** Counts the messages of log whose text is exactly text. */
async function count(log, text) {
  return log.getByText(text, { exact: true }).count();
}

/** Waits until log shows text, and answers how long it took from since. */
async function arrival(log, text, since) {
  await log.getByText(text, { exact: true }).waitFor({ timeout: 5000 });
  return Date.now() - since;
}

describe('live chat', () => {
  test('a visitor and an agent talk live, through a cut of the network, and the agent hands back', async () => {
    // The agent signs in and opens their conversations: they are present.
    const agent = await newPage(browser);
    await signInPage(server.url, agent.page, 'arthur@exemple.fr');
    await agent.page.goto(server.url + '/dashboard/conversations');
    await heading(agent.page, 'Conversations');
    const waiting = agent.page.getByRole('region', { name: /^En attente/ });
    await waiting.getByText("Personne n'attend de conseiller.").waitFor();

    const v = await visitorChat();
    await v.panel.getByText('Un conseiller est disponible').waitFor({ timeout: 5000 });
    await v.input.fill('Je voudrais assurer une Clio');
    await v.input.press('Enter');
    await v.log.getByText(/Clio/).first().waitFor();
    await v.panel.getByRole('button', { name: 'Parler à un agent' }).click();
    await v.log.getByText('Un conseiller va vous répondre dans un instant.').waitFor();
    await v.panel.getByText("En attente d'un conseiller…").waitFor();

    // The conversation appears in the agent's inbox without a reload.
    const item = waiting.getByRole('link').first();
    await item.waitFor({ timeout: 5000 });
    assert.match(await item.innerText(), /Visiteur/);
    await item.click();
    const transcript = agent.page.getByRole('log', { name: 'Messages de la conversation' });
    await transcript.getByText('Je voudrais assurer une Clio').waitFor();
    await agent.page.getByRole('button', { name: 'Prendre la conversation' }).click();

    // The visitor reads the agent's real name.
    await v.log.getByText('Connexion à Arthur Bernard...').waitFor({ timeout: 5000 });
    await v.log.getByText(/Bonjour, je suis Arthur Bernard/).waitFor();

    // Both ways, live, within a second.
    const composer = agent.page.getByLabel('Votre réponse');
    let since = Date.now();
    await v.input.fill("C'est une Clio de 2019");
    await v.input.press('Enter');
    const toAgent = await arrival(transcript, "C'est une Clio de 2019", since);
    since = Date.now();
    await composer.fill('Très bien, je prépare votre devis.');
    await composer.press('Enter');
    const toVisitor = await arrival(v.log, 'Très bien, je prépare votre devis.', since);
    assert.ok(toAgent < 1000 && toVisitor < 1000, `delivered in ${toAgent} ms and ${toVisitor} ms`);

    // The visitor's network is cut while the agent writes twice.
    await v.context.setOffline(true);
    for (const text of ['Premier message pendant la coupure.', 'Second message pendant la coupure.']) {
      await composer.fill(text);
      await composer.press('Enter');
      await transcript.getByText(text, { exact: true }).waitFor();
    }
    await new Promise((r) => setTimeout(r, 1500));
    await v.context.setOffline(false);
    await v.log.getByText('Second message pendant la coupure.', { exact: true }).waitFor({ timeout: 15000 });
    // Give a late duplicate the time to show, then count.
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(await count(v.log, 'Premier message pendant la coupure.'), 1);
    assert.equal(await count(v.log, 'Second message pendant la coupure.'), 1);
    assert.equal(await count(v.log, 'Très bien, je prépare votre devis.'), 1);
    const order = await v.log.getByText(/pendant la coupure\.$/).allInnerTexts();
    assert.deepEqual(order, ['Premier message pendant la coupure.', 'Second message pendant la coupure.']);

    // The agent gives the conversation back to the assistant.
    await agent.page.getByRole('button', { name: "Retour à l'assistant" }).click();
    await v.log.getByText("Vous êtes de nouveau en conversation avec l'assistant.").waitFor({ timeout: 5000 });
    await v.panel.getByRole('button', { name: 'Parler à un agent' }).waitFor();
    // The cut itself is the only thing the console may report.
    assert.deepEqual(v.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e)), []);
    assert.deepEqual(agent.errors, []);
    await v.context.close();
    await agent.context.close();
  });

  test('with no agent online: the persona, its reply after 2 seconds and the callback offer', async () => {
    const v = await visitorChat();
    // The agent of the first test has closed their page: nobody is there.
    await v.panel.getByText(/^Aucun conseiller disponible pour le moment/).waitFor({ timeout: 10000 });
    await v.panel.getByRole('button', { name: 'Parler à un agent' }).click();
    await v.log.getByText('Connexion à Thomas Lefèvre...').waitFor();
    const started = Date.now();
    await v.input.fill("J'ai eu un accrochage ce matin");
    await v.input.press('Enter');
    await v.panel.getByRole('status').getByText('Votre conseiller écrit…').waitFor({ state: 'attached' });
    await v.log.getByText(/Aucun conseiller n.est disponible pour le moment/).waitFor({ timeout: 5000 });
    const waited = Date.now() - started;
    assert.ok(waited >= 1900 && waited < 4500, `the reply came after ${waited} ms`);
    const callback = v.log.getByRole('link', { name: 'Être rappelé' }).last();
    assert.equal(await callback.getAttribute('href'), '/contact#rappel');
    assert.equal(await v.log.getByRole('link', { name: 'Nous écrire' }).last().getAttribute('href'), '/contact#ecrire');
    // The reply came once, though the stream and the answer both bring it.
    assert.equal(await v.log.getByText(/Aucun conseiller n.est disponible pour le moment/).count(), 1);
    await callback.click();
    await v.page.waitForURL((u) => u.pathname === '/contact' && u.hash === '#rappel');
    assert.deepEqual(v.errors, []);
    await v.context.close();
  });
});
