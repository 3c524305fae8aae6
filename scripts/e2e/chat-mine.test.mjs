// The assistant answers a signed-in client about their own business
// (issue 40, point 2), through the real server, engine and widget: a
// client with a claim declared and a car contract signed asks about the
// claim, the attestation, the next debit and a cancellation, and reads
// their own reference, contract, amount and dates, with links that open
// the right pages; a visitor asking the same gets the general answer and
// the way to sign in, nothing personal; the conversation kept holds the
// intents, not the personal lines.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { heading, newPage, useServerAndBrowser } from './helpers.mjs';
import { mailTo } from './outbox.mjs';
import { call, registerClient } from './desk-helpers.mjs';

const env = useServerAndBrowser();
const stamp = Date.now();
const client = `chat.mine${stamp}@exemple.fr`;

const carAnswers = {
  birthDate: '1981-03-02', licenceDate: '2001-05-10', bonusMalus: 0.6, postalCode: '69002',
  vehicleId: 'peugeot-208-12-puretech-100', usage: 'commute', parking: 'street', yearlyKm: 12000, claims36: 0,
};

/** A civil day in Paris, days after today, YYYY-MM-DD. */
function day(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(Date.now());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Asserts an API answer's status, with its body when it differs. */
function expectStatus(res, status, what) {
  assert.equal(res.status, status, `${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The client's car contract, signed with the code of the e-mail: in force, awaiting its proofs. */
async function signedContract(page) {
  const priced = expectStatus(await call(page, 'POST', '/api/prices', { product: 'car', answers: carAnswers }), 200, 'prix');
  expectStatus(await call(page, 'POST', `/api/prices/${priced.id}/keep`, { key: priced.key }), 200, 'prix gardés');
  const made = expectStatus(await call(page, 'POST', '/api/contracts', {
    priceId: priced.recommended.id, startDate: day(3), address: '12 rue des Lilas', postalCode: '69002', city: 'Lyon', registration: 'AB-123-CD',
    rhythm: 'monthly', policyholder: { firstName: 'Chloé', lastName: 'Mercier', birthDate: '1981-03-02', phone: '06 39 98 12 39' },
  }), 201, 'contrat');
  const id = made.contract.id;
  expectStatus(await call(page, 'POST', `/api/contracts/${id}/signature-code`), 202, 'code');
  const code = (await mailTo(env.server.db, client, 'contract-code')).text.match(/^\s*(\d{6})\s*$/m)?.[1];
  assert.ok(code, 'le code de signature');
  return expectStatus(await call(page, 'POST', `/api/contracts/${id}/signature`, {
    code, holder: 'Chloé Mercier', iban: 'FR76 3000 6000 0112 3456 7890 189', accept: ['sepa', ...made.contract.documents.map((d) => d.kind)],
  }), 200, 'signature').contract;
}

/** Opens the chat on the home page; returns its log and input. */
async function openChat(page) {
  await page.goto(env.server.url + '/');
  await heading(page);
  await page.getByRole('button', { name: 'Ouvrir l’assistant' }).click();
  const panel = page.getByRole('dialog', { name: 'Assistant' });
  await panel.getByRole('log').getByText(/Je peux/).waitFor();
  return { log: panel.getByRole('log'), input: panel.getByPlaceholder('Tapez votre message…') };
}

/** Sends text and waits for the answer; returns the API's JSON. */
async function say(page, input, text) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/messages') && r.request().method() === 'POST');
  await input.fill(text);
  await input.press('Enter');
  const res = await answer;
  assert.equal(res.status(), 200, `${text}: ${await res.text()}`);
  return { ...(await res.json()), url: res.url() };
}

/** The text of the chat's log with its spaces made plain. */
const plain = async (log) => (await log.innerText()).replace(/[\s\u00a0\u202f]+/g, ' ');

const questions = [
  ['où en est mon sinistre ?', 'claim'],
  ['ou trouver mon attestation d assurance', 'documents'],
  ['quand est mon prochain prélèvement ?', 'payment'],
  ['je veux résilier mon contrat auto', 'cancellation'],
];

describe('the assistant about the client’s own business', () => {
  test('a signed-in client reads their claim, attestation, next debit and contract dates; a visitor reads none', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await registerClient(page, env.server.url, client, 'Chloé Mercier');
    const contract = await signedContract(page);
    const claim = expectStatus(await call(page, 'POST', '/api/claims', {
      insurer: 'MAAF', policyNumber: 'AB-123456', product: 'home', kind: 'water', occurredAt: day(0),
      description: 'Fuite sous l’évier de la cuisine, le parquet a gonflé.',
      answers: { place: 'Lyon', rooms: 'Cuisine', waterStopped: 'yes', waterSource: 'mine' },
    }), 201, 'sinistre').claim;

    const { log, input } = await openChat(page);
    const answers = [];
    let lastUrl = '';
    for (const [text, intent] of questions) {
      const body = await say(page, input, text);
      lastUrl = body.url;
      assert.equal(body.messages.find((m) => m.intent)?.intent, intent, text);
      assert.ok(body.mine?.text, `${text}: no personal lines`);
      answers.push(body.mine.text.replace(/[\s\u00a0\u202f]+/g, ' '));
      await log.getByText(body.mine.text.slice(0, 20)).last().waitFor();
    }
    assert.match(answers[0], new RegExp(`n° ${claim.ref}`));
    assert.match(answers[1], new RegExp(contract.number));
    assert.match(answers[2], /Votre prochain prélèvement : \d+,\d\d € le \d+/);
    assert.match(answers[2], new RegExp(contract.number));
    assert.match(answers[3], new RegExp(`${contract.number}.*prise d’effet le`));
    const shown = await plain(log);
    for (const a of answers) assert.ok(shown.includes(a.slice(0, 40)), `the widget shows « ${a} »`);

    // The links open the client's own pages.
    await log.getByRole('link', { name: `Sinistre n° ${claim.ref}` }).click();
    await page.waitForURL((u) => u.pathname === `/mes-sinistres/${claim.id}`);
    await heading(page);
    const again = await openChat(page);
    await say(page, again.input, 'mon attestation');
    await again.log.getByRole('link', { name: `Attestation du contrat n° ${contract.number}` }).click();
    await page.waitForURL((u) => u.pathname === `/mes-contrats/${contract.id}`);
    await heading(page);

    // What the conversation keeps: the intents, never the personal lines.
    const messagesUrl = new URL(lastUrl).pathname;
    const stored = await call(page, 'GET', `${messagesUrl}?after=0`);
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    const kept = JSON.stringify(stored.body);
    assert.ok(kept.includes('"intent":"payment"'), 'the kept conversation lost its intents');
    assert.ok(!kept.includes(claim.ref) && !kept.includes(contract.number), 'the kept conversation holds personal lines');
    assert.deepEqual(errors, []);
    await context.close();

    // A visitor asking the same gets the general answer and the way to sign in.
    const visitor = await newPage(env.browser);
    const chat = await openChat(visitor.page);
    for (const [text, intent] of questions) {
      const body = await say(visitor.page, chat.input, text);
      assert.equal(body.messages.find((m) => m.intent)?.intent, intent, text);
      assert.equal(body.mine, undefined, `${text}: personal lines to a visitor`);
    }
    const said = await plain(chat.log);
    assert.ok(!said.includes(claim.ref) && !said.includes(contract.number), 'a visitor reads the client’s business');
    assert.ok(await chat.log.locator('a[href^="/login"]').count() > 0, 'no way to sign in for a visitor');
    assert.deepEqual(visitor.errors, []);
    await visitor.context.close();
  });
});
