// Screenshots of the live chat at 375 px and 1280 px in both themes: the
// agent's conversations page with a conversation open, the admin's canned
// answers, the visitor's widget with a real agent, and with nobody online
// (the plain statement, the offer and the callback form).
// `make build && node scripts/screenshots-livechat.mjs`; the PNGs land in
// scripts/e2e/screenshots/ (not committed) to be looked at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, startServer } from './e2e/helpers.mjs';
import { call, carQuote, createUser, registerClient, signIn } from './e2e/desk-helpers.mjs';

const out = fileURLToPath(new URL('./e2e/screenshots', import.meta.url));
mkdirSync(out, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();

/** A client who asked about their car and was taken by Alain, a visitor waiting, canned answers. */
async function seed() {
  await createUser(server.db, 'alain.martin@exemple.fr', 'Alain Martin', 'agent');
  await createUser(server.db, 'ada.lefevre@exemple.fr', 'Ada Lefèvre', 'admin');
  // Alain's page open: an agent is online, so the hand-offs wait in the inbox.
  const post = await browser.newContext();
  const alain = await post.newPage();
  await signIn(alain, server.url, 'alain.martin@exemple.fr');
  await alain.goto(`${server.url}/dashboard/conversations`);
  await alain.getByRole('region', { name: /^En attente/ }).waitFor();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, server.url, 'ada.lefevre@exemple.fr');
  for (const [title, text] of [
    ['Délai des devis', 'Vous recevrez nos propositions sous 24 heures ouvrées, par e-mail et dans votre espace client.'],
    ['Pièces pour un devis auto', 'Pour votre devis auto, munissez-vous de votre carte grise, de votre permis et de votre relevé d\u2019information.'],
  ]) await call(page, 'POST', '/api/chat/canned', { title, text });
  await context.clearCookies();
  await registerClient(page, server.url, 'eleonore@exemple.fr', 'Éléonore Dupont-Aignan');
  await call(page, 'POST', '/api/quotes', carQuote);
  const conv = (await call(page, 'POST', '/api/chat/conversations')).body.conversation;
  for (const text of ['Bonjour', 'Je voudrais assurer ma voiture, une Peugeot 208 de 2019']) {
    await call(page, 'POST', `/api/chat/conversations/${conv.id}/messages`, { text });
  }
  await call(page, 'PUT', `/api/chat/conversations/${conv.id}/mode`, { mode: 'agent' });
  await context.clearCookies();
  const visitor = (await call(page, 'POST', '/api/chat/conversations')).body.conversation;
  await call(page, 'POST', `/api/chat/conversations/${visitor.id}/messages`, { text: 'Combien coûte une assurance habitation pour un T2 ?' });
  await call(page, 'PUT', `/api/chat/conversations/${visitor.id}/mode`, { mode: 'agent' });
  await signIn(page, server.url, 'alain.martin@exemple.fr');
  const inbox = (await call(page, 'GET', '/api/chat/inbox')).body;
  const mine = inbox.waiting.find((i) => i.who.name === 'Éléonore Dupont-Aignan');
  await call(page, 'POST', `/api/chat/staff/conversations/${mine.id}/take`);
  await call(page, 'POST', `/api/chat/staff/conversations/${mine.id}/messages`, { text: 'Je vois votre demande de devis DV pour la 208 : souhaitez-vous aussi une assistance 0 km ?' });
  await context.close();
  await post.close();
  return mine.id;
}

try {
  const cid = await seed();
  for (const width of [375, 1280]) {
    for (const dark of [false, true]) {
      const suffix = `${width}-${dark ? 'sombre' : 'clair'}`;
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', locale: 'fr-FR' });
      await context.addInitScript((d) => localStorage.setItem('darkMode', JSON.stringify(d)), dark);
      const page = await context.newPage();
      await signIn(page, server.url, 'alain.martin@exemple.fr');
      await page.goto(`${server.url}/dashboard/conversations/${cid}`);
      await page.getByRole('log', { name: 'Messages de la conversation' }).getByText(/assistance 0 km/).waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(out, `livechat-agent-${suffix}.png`), fullPage: true });
      await page.goto(`${server.url}/dashboard/conversations`);
      await page.getByRole('region', { name: /^En attente/ }).getByText('Visiteur').first().waitFor();
      await page.screenshot({ path: join(out, `livechat-inbox-${suffix}.png`), fullPage: true });

      // The visitor's widget while Alain's page is open: available, then live.
      const vctx = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: 'reduce', locale: 'fr-FR' });
      await vctx.addInitScript((d) => localStorage.setItem('darkMode', JSON.stringify(d)), dark);
      const v = await vctx.newPage();
      await v.goto(server.url + '/');
      await v.getByRole('button', { name: /^Ouvrir l'assistant/ }).click();
      await v.getByText('Un conseiller est disponible').waitFor();
      await v.screenshot({ path: join(out, `livechat-widget-disponible-${suffix}.png`) });
      await v.getByRole('button', { name: 'Parler à un agent' }).click();
      await v.getByText("En attente d'un conseiller…").waitFor();
      await page.reload();
      await page.getByRole('region', { name: /^En attente/ }).getByRole('link').last().click();
      await page.getByRole('button', { name: 'Prendre la conversation' }).click();
      await v.getByText('Alain Martin a rejoint la conversation.').waitFor();
      await page.getByLabel('Votre réponse').fill('Bonjour ! Que puis-je faire pour vous ?');
      await page.getByLabel('Votre réponse').press('Enter');
      await v.getByText('Que puis-je faire pour vous').waitFor();
      await v.screenshot({ path: join(out, `livechat-widget-conseiller-${suffix}.png`) });
      await page.getByRole('button', { name: 'Clore' }).click();
      await vctx.close();
      await context.close();

      // Alain's page is closed: nobody is online. The widget says so, and offers what works.
      const nctx = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: 'reduce', locale: 'fr-FR' });
      await nctx.addInitScript((d) => localStorage.setItem('darkMode', JSON.stringify(d)), dark);
      const n = await nctx.newPage();
      await n.goto(server.url + '/');
      await n.getByRole('button', { name: /^Ouvrir l'assistant/ }).click();
      await n.getByText(/^Aucun conseiller disponible pour le moment/).waitFor({ timeout: 30000 });
      await n.getByPlaceholder('Tapez votre message...').fill("J'ai eu un accrochage ce matin");
      await n.getByPlaceholder('Tapez votre message...').press('Enter');
      await n.getByRole('log').getByText(/reformuler|sinistre/).first().waitFor();
      await n.getByRole('button', { name: 'Parler à un agent' }).click();
      await n.getByRole('group', { name: 'Sans conseiller en ligne' }).waitFor();
      await n.screenshot({ path: join(out, `livechat-widget-personne-${suffix}.png`) });
      await n.getByRole('button', { name: 'Être rappelé' }).click();
      await n.getByLabel('Jour').locator('option').nth(1).waitFor({ state: 'attached' });
      await n.getByLabel('Jour').selectOption({ index: 1 });
      await n.screenshot({ path: join(out, `livechat-widget-rappel-${suffix}.png`) });
      await n.getByRole('button', { name: 'Retour à la conversation' }).click();
      await n.getByRole('button', { name: 'Réponse par e-mail' }).click();
      await n.getByRole('button', { name: 'Envoyer le message' }).click();
      await n.getByText('Indiquez votre nom.').waitFor();
      await n.screenshot({ path: join(out, `livechat-widget-email-${suffix}.png`) });
      await nctx.close();

      const actx = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', locale: 'fr-FR' });
      await actx.addInitScript((d) => localStorage.setItem('darkMode', JSON.stringify(d)), dark);
      const admin = await actx.newPage();
      await signIn(admin, server.url, 'ada.lefevre@exemple.fr');
      await admin.goto(`${server.url}/dashboard/canned`);
      await admin.getByText('Délai des devis').first().waitFor();
      await admin.screenshot({ path: join(out, `livechat-reponses-types-${suffix}.png`), fullPage: true });
      await actx.close();
    }
  }
  console.log(`captures dans ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
