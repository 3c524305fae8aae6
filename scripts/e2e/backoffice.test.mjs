// The broker's day, end to end through the real server and the browser, as
// issue 8 tells it: a visitor writes and asks to be called back, a client
// files a car quote request, an agent made with `courtier users create`
// finds them in the queue by due date, takes the quote and answers it with
// two offers, the client accepts one in « Mes devis », the agent sees it;
// the client files a complaint, the agent acknowledges and answers it, the
// client reads both on the dashboard; the admin's counts follow each step.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { heading, newPage, onEngine, useServerAndBrowser } from './helpers.mjs';
import { createUser, fileCarQuote, registerClient, signInPage, stat, visitorWrites } from './desk-helpers.mjs';

const env = useServerAndBrowser();
const agent = { email: 'sophie.agent@exemple.fr', name: 'Sophie Laurent' };
const admin = { email: 'marc.admin@exemple.fr', name: 'Marc Dupuis' };
const client = { email: 'julie.client@exemple.fr', name: 'Julie Bernard' };

/** The figure of one of the admin's tiles (« nouvelles », « non attribuées »…), read after a reload. */
async function statNow(page, label) {
  await page.reload();
  await page.getByRole('heading', { name: 'En un coup d’œil' }).waitFor();
  return stat(page, label);
}

/** The visitor's message and callback request, sent from /contact. */
async function visitorWritesAndAsksForACall(page) {
  const message = await visitorWrites(page, env.server.url);

  const cb = page.getByRole('form', { name: 'Être rappelé' });
  // The form is an island: its slots are in once it has hydrated. Typed into
  // before, its fields would show the text but React would not know it.
  await cb.getByLabel('Jour').locator('option').nth(1).waitFor({ state: 'attached' });
  await cb.getByLabel('Nom et prénom').fill('Paul Visiteur');
  await cb.getByLabel('Numéro de téléphone').fill('06 39 98 12 34');
  await cb.getByLabel('Jour').selectOption({ index: 1 });
  await cb.getByRole('radio').first().check();
  await cb.getByRole('checkbox').check();
  await cb.getByRole('button', { name: 'Être rappelé' }).click();
  const asked = await page.getByRole('status').filter({ hasText: 'demande de rappel' }).innerText();
  const callback = asked.match(/RA-\d{4}-\d{6}/)?.[0];
  assert.ok(callback, `référence du rappel dans « ${asked} »`);
  return { message, callback };
}

/** The client's car quote request, through the vehicle selection and the form. */
async function clientFilesCarQuote(page) {
  await fileCarQuote(page, env.server.url);
  const ref = (await page.locator('.quote-card').first().innerText()).match(/DV-\d{4}-\d{6}/)?.[0];
  assert.ok(ref, 'référence du devis dans Mes devis');
  return ref;
}

/** Fills offer n (1-based) of the staff's offer form. */
async function fillOffer(page, n, o) {
  const set = page.locator('fieldset.offer-fieldset').filter({ has: page.locator('legend', { hasText: `Offre ${n}` }) });
  await set.getByLabel('Assureur').fill(o.insurer);
  await set.getByLabel('Nom de la formule').fill(o.product);
  await set.getByLabel('Prime mensuelle (€)').fill(o.monthly);
  await set.getByLabel('Prime annuelle (€)').fill(o.yearly);
  await set.getByLabel('Franchise (€)').fill(o.deductible);
  await set.getByLabel('Garanties principales').fill(o.guarantees.join('\n'));
  const inAMonth = new Date(Date.now() + 30 * 86400e3).toISOString().slice(0, 10);
  await set.getByLabel('Valable jusqu’au').fill(inAMonth);
}

/** Opens the request page of ref from the agent's queue. */
async function openFromQueue(page, ref) {
  await page.goto(env.server.url + '/dashboard?state=all');
  const row = page.locator('.queue-table tbody tr').filter({ hasText: ref });
  await row.getByRole('link').first().click();
  await page.waitForURL((u) => u.pathname.startsWith('/dashboard/requests/'));
  await heading(page, new RegExp(ref));
}

describe(`the broker's day${onEngine}`, () => {
  test('contact, callback, quote with offers accepted, complaint acknowledged and answered; the counts follow', async () => {
    await createUser(env.server.db, agent.email, agent.name, 'agent');
    await createUser(env.server.db, admin.email, admin.name, 'admin');
    const adminPage = await newPage(env.browser);
    await signInPage(env.server.url, adminPage.page, admin.email);
    const before = { new: await statNow(adminPage.page, 'nouvelles'), unassigned: await statNow(adminPage.page, 'non attribuées') };
    assert.deepEqual(before, { new: 0, unassigned: 0 });

    // A visitor writes and asks to be called back; a client files a car quote.
    const visitor = await newPage(env.browser, { width: 375, height: 800 });
    const refs = await visitorWritesAndAsksForACall(visitor.page);
    const cl = await newPage(env.browser);
    await registerClient(cl.page, env.server.url, client.email, client.name);
    refs.quote = await clientFilesCarQuote(cl.page);
    assert.equal(await statNow(adminPage.page, 'nouvelles'), 3);

    // The agent finds all three in the queue, nearest deadline first.
    const ag = await newPage(env.browser);
    await signInPage(env.server.url, ag.page, agent.email);
    const rows = ag.page.locator('.queue-table tbody tr');
    await rows.nth(2).waitFor();
    const text = await rows.allInnerTexts();
    for (const ref of [refs.message, refs.callback, refs.quote]) {
      assert.ok(text.some((t) => t.includes(ref)), `${ref} dans la file`);
    }
    const dues = await ag.page.locator('.queue-table tbody .due-date').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')));
    assert.equal(dues.length, 3);
    assert.deepEqual(dues, [...dues].sort(), 'triée par échéance');

    // The agent takes the quote request and answers it with two offers.
    await openFromQueue(ag.page, refs.quote);
    await ag.page.getByRole('button', { name: 'Prendre en charge' }).click();
    await ag.page.getByRole('button', { name: 'Remettre dans la file' }).waitFor();
    await ag.page.getByRole('button', { name: 'Ajouter une offre' }).waitFor();
    await fillOffer(ag.page, 1, { insurer: 'Assurances du Bocage', product: 'Tous risques Essentiel', monthly: '48,90', yearly: '562,35',
      deductible: '300', guarantees: ['Responsabilité civile', 'Bris de glace', 'Assistance 0 km'] });
    await ag.page.getByRole('button', { name: 'Ajouter une offre' }).click();
    await fillOffer(ag.page, 2, { insurer: 'Mutuelle des Monts', product: 'Tous risques Premium', monthly: '1234,56', yearly: '14197,44',
      deductible: '150', guarantees: ['Responsabilité civile', 'Vol et incendie', 'Véhicule de remplacement'] });
    await ag.page.getByRole('button', { name: 'Envoyer les offres' }).click();
    await ag.page.getByText('Les offres sont envoyées.').waitFor();
    await ag.page.locator('.desk-header .status-pill', { hasText: 'Offres envoyées' }).waitFor();

    // The client sees both offers with French prices and chooses the first.
    await cl.page.goto(env.server.url + '/my-quotes');
    const card = cl.page.locator('.quote-card').filter({ hasText: refs.quote });
    await card.locator('.offer-card').nth(1).waitFor();
    const offers = await card.locator('.offer-card').allInnerTexts();
    assert.match(offers.join('\n'), /48,90\u00a0€/);
    assert.match(offers.join('\n'), /1\u202f234,56\u00a0€/);
    assert.match(offers.join('\n'), /Valable jusqu.au\s\d{1,2}(er)?\s[a-zéû]+\s\d{4}/);
    await card.locator('.offer-card').first().getByRole('button', { name: 'Choisir cette offre' }).click();
    await card.getByRole('button', { name: 'Confirmer mon choix' }).click();
    await card.getByRole('status').filter({ hasText: 'vous avez choisi' }).waitFor();

    // The agent sees the acceptance on the request page.
    await ag.page.reload();
    await ag.page.locator('.desk-header .status-pill', { hasText: 'Offre acceptée' }).waitFor();
    // The quote's panel loads after the shared part: wait for the chosen offer in it.
    await ag.page.locator('.staff-offer', { hasText: 'Tous risques Essentiel' }).locator('.staff-offer-status', { hasText: 'Choisie' }).waitFor();
    assert.match(await ag.page.locator('.staff-offer', { hasText: 'Tous risques Premium' }).innerText(), /Non retenue/);

    // The client files a complaint through /reclamations.
    await cl.page.goto(env.server.url + '/reclamations');
    await heading(cl.page, 'Réclamations');
    await cl.page.locator('#reclamation-subject').fill('Conseiller injoignable');
    await cl.page.locator('#reclamation-facts').fill("J'ai appelé trois fois la semaine dernière sans obtenir de réponse à ma question.");
    await cl.page.locator('#reclamation-demand').fill("Être rappelée et recevoir des excuses.");
    await cl.page.locator('#reclamation-consent').check();
    await cl.page.locator('#reclamation-envoyer').click();
    const done = await cl.page.locator('.complaints-done').innerText();
    refs.complaint = done.match(/RC-\d{4}-\d{6}/)?.[0];
    assert.ok(refs.complaint, `référence de la réclamation dans « ${done} »`);
    assert.equal(await statNow(adminPage.page, 'nouvelles'), 3, 'the quote left « new », the complaint came in');

    // The agent takes it, acknowledges it, then answers it.
    await openFromQueue(ag.page, refs.complaint);
    await ag.page.getByRole('button', { name: 'Prendre en charge' }).click();
    const ack = ag.page.getByLabel('Accusé de réception');
    await ack.waitFor();
    await ack.fill('Nous avons bien reçu votre réclamation et l’étudions. Vous aurez notre réponse au plus tard dans deux mois.');
    await ag.page.getByRole('button', { name: 'Envoyer l’accusé de réception' }).click();
    await ag.page.getByLabel('Accusé de réception').waitFor({ state: 'detached' });
    const answer = ag.page.getByLabel('Réponse à la réclamation');
    await answer.fill('Nous vous présentons nos excuses : votre conseillère vous rappelle demain matin. ' +
      'Si cette réponse ne vous satisfait pas, vous pouvez saisir La Médiation de l\'Assurance, TSA 50110, 75441 Paris Cedex 09.');
    await ag.page.getByRole('button', { name: 'Envoyer la réponse' }).click();
    await ag.page.locator('.desk-header .status-pill', { hasText: /Réponse envoyée|Répondue/ }).waitFor();

    // The client reads the acknowledgement and the answer on the dashboard.
    await cl.page.goto(env.server.url + '/dashboard');
    await cl.page.getByRole('heading', { name: 'Mes demandes' }).waitFor();
    const mine = cl.page.locator('li, article').filter({ hasText: refs.complaint }).last();
    const read = await mine.innerText();
    assert.match(read, /Accusé de réception/);
    assert.match(read, /votre conseillère vous rappelle demain matin/);

    // The admin: nothing new left (all three of the visitor's and client's
    // requests but the two of the visitor were taken), the agent holds two.
    assert.equal(await statNow(adminPage.page, 'nouvelles'), 2, 'the message and the callback are still new');
    assert.equal(await statNow(adminPage.page, 'non attribuées'), 2);
    const agentRow = adminPage.page.locator('.counts-table').filter({ hasText: 'Par conseiller' }).locator('tr', { hasText: agent.name });
    assert.match(await agentRow.innerText(), /2/);

    for (const p of [adminPage, visitor, cl, ag]) {
      assert.deepEqual(p.errors, []);
      await p.context.close();
    }
  });
});
