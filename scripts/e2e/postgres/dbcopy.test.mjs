// A broker moves from SQLite to PostgreSQL (issue 18): a day's data made
// on SQLite through the site (a client's car quote request, a live chat
// with an agent), `courtier db copy` to an empty PostgreSQL schema, then
// two instances on it behind the balancer: in the browser the client finds
// their request and the agent the same queue and the same conversation.
// Runs only with a PostgreSQL (./engine.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { noPostgres, postgres as base } from './engine.mjs';
import { heading, launchBrowser, newPage, newSchema, startBalanced, startServer } from '../helpers.mjs';
import { call, createUser, fileCarQuote, registerClient, signIn, signInPage } from '../desk-helpers.mjs';

const bin = join(fileURLToPath(new URL('../../..', import.meta.url)), 'bin', 'courtier');
const client = { email: 'camille.client@exemple.fr', name: 'Camille Roux' };
const agent = { email: 'arthur.agent@exemple.fr', name: 'Arthur Bernard' };

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** The day on SQLite: resolves to what the browser must find after the copy. */
async function dayOnSQLite(server) {
  await createUser(server.db, agent.email, agent.name, 'agent');
  const cl = await newPage(browser);
  await registerClient(cl.page, server.url, client.email, client.name);
  await fileCarQuote(cl.page, server.url);
  const ref = (await cl.page.locator('.quote-card').first().innerText()).match(/DV-\d{4}-\d{6}/)?.[0];
  assert.ok(ref, 'référence du devis dans Mes devis');
  // The client writes to the assistant and asks for an agent.
  const started = await call(cl.page, 'POST', '/api/chat/conversations', {});
  assert.equal(started.status, 201, JSON.stringify(started.body));
  const token = started.body.conversation.id;
  const sent = await call(cl.page, 'POST', `/api/chat/conversations/${token}/messages`, { text: 'Ma Clio est-elle bien couverte en Tous risques ?' });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  // The agent is at their post (their conversations page open), so the hand-off waits in the inbox.
  const ag = await newPage(browser);
  await signIn(ag.page, server.url, agent.email);
  await ag.page.goto(server.url + '/dashboard/conversations');
  await ag.page.getByRole('region', { name: /^En attente/ }).waitFor();
  const handOff = await call(cl.page, 'PUT', `/api/chat/conversations/${token}/mode`, { mode: 'agent' });
  assert.equal(handOff.status, 200);
  assert.equal(handOff.body.mode, 'agent', JSON.stringify(handOff.body));
  // The agent takes it and answers.
  const inbox = await call(ag.page, 'GET', '/api/chat/inbox');
  const cid = inbox.body.waiting?.[0]?.id;
  assert.ok(cid, `conversation en attente: ${JSON.stringify(inbox.body)}`);
  assert.equal((await call(ag.page, 'POST', `/api/chat/staff/conversations/${cid}/take`)).status, 200);
  const reply = await call(ag.page, 'POST', `/api/chat/staff/conversations/${cid}/messages`, { text: 'Oui, bris de glace compris.' });
  assert.ok(reply.status === 200 || reply.status === 201, JSON.stringify(reply.body));
  await cl.context.close();
  await ag.context.close();
  return { ref };
}

describe('db copy', { skip: base ? false : noPostgres }, () => {
  test('a day on SQLite, copied to PostgreSQL, seen the same in the browser', async () => {
    const lite = await startServer({ engine: 'sqlite' });
    let day;
    try {
      day = await dayOnSQLite(lite);
    } finally {
      await lite.stop({ keep: true });
    }
    const target = newSchema(base);
    const out = execFileSync(bin, ['db', 'copy', '--from', lite.db, '--to', target.db], { encoding: 'utf8' });
    assert.match(out, /chat_messages/, out);
    lite.remove();
    const pg = await startBalanced(base, target);
    try {
      // The client, signed in through the balancer, finds the request.
      const cl = await newPage(browser);
      await signInPage(pg.url, cl.page, client.email);
      await cl.page.goto(pg.url + '/my-quotes');
      await heading(cl.page, 'Mes devis');
      await cl.page.locator('.quote-card', { hasText: day.ref }).waitFor();
      assert.deepEqual(cl.errors, []);

      // The agent finds it in the queue, and the conversation with its messages.
      const ag = await newPage(browser);
      await signInPage(pg.url, ag.page, agent.email);
      await ag.page.locator('.queue-table tbody tr', { hasText: day.ref }).waitFor();
      await ag.page.goto(pg.url + '/dashboard/conversations');
      await heading(ag.page, 'Conversations');
      const item = ag.page.getByRole('link', { name: new RegExp(client.name) }).first();
      await item.waitFor();
      await item.click();
      const transcript = ag.page.getByRole('log', { name: 'Messages de la conversation' });
      await transcript.getByText('Ma Clio est-elle bien couverte en Tous risques ?').waitFor();
      await transcript.getByText('Oui, bris de glace compris.').waitFor();
      // And the conversation goes on, on PostgreSQL.
      const composer = ag.page.getByLabel('Votre réponse');
      await composer.fill('Votre attestation suit par e-mail.');
      await composer.press('Enter');
      await transcript.getByText('Votre attestation suit par e-mail.').waitFor();
      assert.deepEqual(ag.errors, []);
    } finally {
      await pg.stop();
    }
  });
});
