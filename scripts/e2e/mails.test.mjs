// The outbox in the browser, through the real server (issue 19, point 7):
// a visitor's contact message leaves its notice in the outbox, « non
// envoyé » since this server has no --smtp; an admin made with `courtier
// users create` finds it from the dashboard, opens it and reads its text;
// an agent is refused the outbox but sees, on the request's page, that
// the client was written to and that the mail has not left.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { heading, newPage, useServerAndBrowser } from './helpers.mjs';
import { call, createUser, signIn, signInPage, visitorWrites } from './desk-helpers.mjs';

const env = useServerAndBrowser();
const admin = { email: 'marc.admin@exemple.fr', name: 'Marc Dupuis' };
const agent = { email: 'sophie.agent@exemple.fr', name: 'Sophie Laurent' };

describe('the outbox', () => {
  test('an admin finds the notice of a contact message « non envoyé » and opens it; an agent sees it on the request', async () => {
    await createUser(env.server.db, admin.email, admin.name, 'admin');
    await createUser(env.server.db, agent.email, agent.name, 'agent');
    const visitor = await newPage(env.browser);
    const ref = await visitorWrites(visitor.page, env.server.url);
    await visitor.context.close();

    const { page, context, errors } = await newPage(env.browser);
    await signInPage(env.server.url, page, admin.email);
    await page.getByRole('navigation', { name: 'Espace de travail' }).getByRole('link', { name: 'Courriels' }).click();
    assert.equal(await heading(page, 'Courriels'), 'Courriels');
    // The server's dispatcher writes the mail just after the message's
    // commit: a reload finds it if the first read came first.
    const row = page.locator('.mails-table tbody tr').filter({ hasText: ref });
    for (let i = 0; i < 20 && (await row.count()) === 0; i++) {
      await page.waitForTimeout(250);
      await page.reload();
      await heading(page, 'Courriels');
    }
    await row.waitFor();
    assert.match(await row.innerText(), /paul\.visiteur@exemple\.fr/);
    assert.match(await row.locator('.mail-status').innerText(), /^non envoyé$/);
    assert.equal(await row.getByRole('button', { name: /Renvoyer/ }).count(), 0, 'no « Renvoyer » on a mail not failed');
    // The contact's notice, and the admin's own « validation en deux étapes activée ».
    assert.match(await page.getByLabel(/^Non envoyés/).locator('..').innerText(), /Non envoyés\u00a0\(2\)/);

    await page.getByLabel(/^En échec/).check();
    await page.getByText('Aucun courriel «\u00a0en échec\u00a0».').waitFor();
    assert.equal(new URL(page.url()).search, '?etat=failed');
    await page.getByLabel(/^Tous/).check();

    await row.getByRole('link').click();
    assert.match(await heading(page, /^Courriel n°/), /^Courriel n°\u00a0\d+$/);
    const text = await page.locator('pre.mail-text').innerText();
    assert.match(text, /^Bonjour Paul Visiteur,/);
    assert.ok(text.includes(ref), `la référence ${ref} dans le texte`);
    assert.equal(await page.locator('iframe').count(), 0, 'the HTML part is not shown');
    assert.deepEqual(errors, []);

    // The request's page, as an agent: the mail and its state; the outbox itself is refused.
    const requests = await call(page, 'GET', `/api/desk/requests?q=${ref}`);
    const id = requests.body.requests[0].id;
    await context.clearCookies();
    await signIn(page, env.server.url, agent.email);
    assert.equal((await call(page, 'GET', '/api/admin/mails')).status, 403);
    // The browser logs that refusal, which was the point.
    errors.splice(0, errors.length, ...errors.filter((e) => !/status of 403.*\/api\/admin\/mails\)$/.test(e)));
    await page.goto(`${env.server.url}/dashboard/requests/${id}`);
    await heading(page, new RegExp(ref));
    const section = page.getByRole('region', { name: 'Courriels envoyés au client' });
    await section.getByText('non envoyé').waitFor();
    assert.match(await section.innerText(), /Votre message MS-\d{4}-\d{6} est bien reçu/);
    assert.equal(await section.getByRole('link').count(), 0, "an agent cannot open the outbox's mails");
    await page.goto(env.server.url + '/dashboard/mails');
    assert.equal(await heading(page, 'Accès réservé'), 'Accès réservé');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
