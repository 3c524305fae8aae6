// French typography as the visitor sees it, through the real server: in a
// client's and an admin's pages and in the chat's replies (the public pages
// are read at both widths in nojs.test.mjs's first visits, which load each
// once for all their checks), the rules of ../typography-rules.mjs hold
// (’ not ', « » not "", … not ..., a number never parts from its unit or
// its other groups, a sign never starts a line) and the company's name is
// elided after "de", in the site's copy and in the texts the Go server
// writes alike.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { company, heading, newPage, useServerAndBrowser } from './helpers.mjs';
import { typographyFaults } from './typography-faults.mjs';
import { createUser, signInPage, visitorWrites } from './desk-helpers.mjs';

const env = useServerAndBrowser();

/** Signs a new client up from the page and sends one quote request of each product. */
async function clientWithQuotes(page) {
  await page.goto(env.server.url + '/');
  await heading(page);
  const tomorrow = new Date(Date.now() + 864e5).toISOString().slice(0, 10);
  const requests = [
    { product: 'car', details: { brand: 'peugeot', model: '208', year: 2019, energy: 'essence', usage: 'prive', licenceYear: 2005, bonusMalus: 0.68, cover: 'tiers' } },
    { product: 'home', details: { occupancy: 'locataire', housingType: 'maison', surface: 120, rooms: 3, postalCode: '69002' } },
    { product: 'health', details: { adults: 2, children: 1, birthYear: 1984, priority: 'optique' } },
    { product: 'life', details: { goal: 'transmission', amount: 150000 } },
    { product: 'pro', details: { activity: 'Plombier', legalStatus: 'sarl', turnover: 'lt-50k', employees: 3 } },
    { product: 'vtc', details: { brand: 'toyota', model: 'Prius', vtcCard: true, yearsActivity: 4 } },
    { product: 'fleet', details: { vehicles: 12, vehicleTypes: ['utilitaires'] } },
    { product: 'temp', details: { vehicleKind: 'moto', days: 3, startDate: tomorrow } },
  ].map((r) => ({ ...r, contact: { method: 'phone', phone: '0639981234' }, message: '' }));
  const statuses = await page.evaluate(async ({ email, requests }) => {
    const post = (url, body) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const out = [(await post('/api/auth/register', { email, password: 'une longue phrase de passe', displayName: 'Inès Moreau' })).status];
    for (const q of requests) out.push((await post('/api/quotes', q)).status);
    return out;
  }, { email: `typo${Date.now()}@exemple.fr`, requests });
  assert.deepEqual(statuses, [201, ...requests.map(() => 201)]);
}

describe('typography', () => {
  test("a client's pages, every product in « Mes devis »", async () => {
    const { page, context, errors } = await newPage(env.browser, { width: 375 });
    await clientWithQuotes(page);
    const all = [];
    for (const path of ['/dashboard', '/my-quotes', '/profile', '/quote-request?product=car', '/vehicle-selection']) {
      await page.goto(env.server.url + path);
      await heading(page);
      if (path === '/my-quotes') await page.locator('.quote-card').nth(7).waitFor();
      all.push(...(await typographyFaults(page)).map((f) => `${path}: ${f}`));
    }
    assert.deepEqual(all, []);
    // The figures themselves, glued.
    const quotes = await page.goto(env.server.url + '/my-quotes').then(() => page.locator('.quote-card').nth(7).waitFor()).then(() => page.locator('main').innerText());
    for (const want of ['120\u00a0m²', '150\u202f000\u00a0€', '06\u00a039\u00a098\u00a012\u00a034', 'Obtenu en 2005', '0,68', '1984']) {
      assert.ok(quotes.includes(want), `« Mes devis » lacks ${JSON.stringify(want)}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("an admin's pages: the desk, a request, the contracts, the conversations, the canned answers, the users, the mails", async (t) => {
    const { page: cp, context: cc } = await newPage(env.browser, { width: 375 });
    await clientWithQuotes(cp);
    await cc.clearCookies();
    await visitorWrites(cp, env.server.url);
    await cc.close();
    const admin = `admin-typo${Date.now()}@exemple.fr`;
    await createUser(env.server.db, admin, 'Ada Lefèvre', 'admin');
    const { page, context, errors } = await newPage(env.browser);
    // Closed even when an assertion fails: an admin left on the conversations page would be online for the chat test below.
    t.after(() => context.close());
    await signInPage(env.server.url, page, admin);
    const all = [];
    const read = async (where) => all.push(...(await typographyFaults(page)).map((f) => `${where}: ${f}`));
    await page.locator('.queue-table tbody tr').nth(8).waitFor();
    await page.getByRole('heading', { name: 'En un coup d’œil' }).waitFor();
    await read('/dashboard');
    for (const ref of [/^DV-/, /^MS-/]) {
      await page.goto(env.server.url + '/dashboard');
      await page.locator('.queue-table tbody a', { hasText: ref }).first().click();
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard/requests/'));
      await heading(page);
      await page.locator('.desk-header .status-pill').waitFor();
      await read(new URL(page.url()).pathname);
    }
    for (const path of ['/dashboard/contracts', '/dashboard/conversations', '/dashboard/canned', '/dashboard/users', '/dashboard/mails']) {
      await page.goto(env.server.url + path);
      await heading(page);
      await page.waitForLoadState('networkidle');
      await read(path);
    }
    // The statuses of claims and requests are written by Go: checked too.
    assert.deepEqual(all, []);
    assert.deepEqual(errors, []);
  });

  test('the about page and the chat write the name elided, the replies typeset', async (t) => {
    const { page, context, errors } = await newPage(env.browser, { width: 375 });
    await page.goto(env.server.url + '/about');
    assert.equal(await heading(page, /^À propos/), `À propos d’${company.name}`);
    await page.getByRole('button', { name: "Ouvrir l’assistant" }).click();
    const log = page.getByRole('dialog', { name: 'Assistant' }).getByRole('log');
    await log.getByText(/Je peux/).waitFor();
    const input = page.getByPlaceholder('Tapez votre message…');
    for (const text of ['Bonjour', 'Quels sont vos horaires et votre numéro ?', 'Une assurance auto', 'Je veux parler à un conseiller']) {
      // A reply may come in two messages (the advisor's follow-up): wait for one past those already there.
      const before = await log.locator('.chat-message-bot').count();
      await input.fill(text);
      await input.press('Enter');
      await log.locator('.chat-message-bot').nth(before).waitFor();
    }
    const replies = (await log.locator('.chat-message-bot').allInnerTexts()).join('\n');
    assert.match(replies, new RegExp(`l’assistant virtuel d’${company.name},`));
    assert.match(replies, new RegExp(`l’assistant d’${company.name}\\.`));
    assert.ok(replies.includes(company.phone.replaceAll(' ', '\u00a0')), 'the phone is not glued');
    assert.match(replies, /de 9h00\u00a0à 18h00/);
    assert.match(replies, /0\u00a0km/);
    // The chatbot's own replies are written by Go: checked like the rest.
    assert.deepEqual(await typographyFaults(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
