// Changing a contract online (issue 43), through the browser and the real
// server. A client whose car contract (Lyon) is signed moves to Marseille
// and changes car the same month: each change is chosen on « Modifier mon
// contrat », priced before anything is signed (« Pourquoi ce changement
// de prix ? », the new yearly premium, the adjustment), signed with the
// code of the e-mail; the new Mémo is downloaded at the end, and the old
// documents stay in the contract, marked replaced. An agent then prepares
// a formula change for the client who called: the client finds it on the
// same page and signs it by code. The page at 375 and 1280 px, with the
// keyboard for the move, axe clean in both themes (screenshots with
// COURTIER_E2E_SHOTS, helpers.mjs keepShot).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { axeBothThemes, heading, keepShot, newPage, useServerAndBrowser } from './helpers.mjs';
import { mailTo as outboxMail } from './outbox.mjs';
import { call, createUser, signIn } from './desk-helpers.mjs';
import { overflows, typeIn, vehicleSearch } from './price-helpers.mjs';

const env = useServerAndBrowser();
const bin = fileURLToPath(new URL('../../bin/courtier', import.meta.url));
const stamp = Date.now();
const client = { email: `avenant${stamp}@exemple.fr`, name: 'Camille Lefèvre' };
const agent = `agent.avenants${stamp}@exemple.fr`;
/** What the first test leaves to the second. */
const made = { contract: null, formula: '' };

const carAnswers = {
  birthDate: '1981-03-02', licenceDate: '2001-05-10', bonusMalus: 0.6, postalCode: '69002',
  vehicleId: 'peugeot-208-12-puretech-100', usage: 'commute', parking: 'street', yearlyKm: 12000, claims36: 0,
};

/** A day in the broker's time zone, days from today: « 2026-12-04 ». */
function dayFromToday(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Asserts an API answer's status, with its body when it differs. */
function expectStatus(res, status, what) {
  assert.equal(res.status, status, `${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The ids of the mails to email in the outbox now, to tell the next one apart. */
function mailIds(email) {
  const list = JSON.parse(execFileSync(bin, ['mail', 'list', '--json', '--db', env.server.db], { encoding: 'utf8' }));
  return new Set(list.filter((m) => m.to === email).map((m) => m.id));
}

/**
 * The 6-digit code of the first mail to email not in before (whatever its
 * template: the amendment's code mail, or the contract's), waited for.
 */
async function newCode(email, before) {
  const deadline = Date.now() + 10000;
  for (;;) {
    const list = JSON.parse(execFileSync(bin, ['mail', 'list', '--json', '--db', env.server.db], { encoding: 'utf8' }));
    for (const m of list.filter((x) => x.to === email && !before.has(x.id) && /code/.test(x.template))) {
      const mail = JSON.parse(execFileSync(bin, ['mail', 'show', String(m.id), '--json', '--db', env.server.db], { encoding: 'utf8' }));
      const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`pas de nouveau code pour ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A car priced and kept, then a contract of it in Lyon signed through the API, as the pages do. */
async function signedContract(page) {
  const priced = expectStatus(await call(page, 'POST', '/api/prices', { product: 'car', answers: carAnswers }), 200, 'prix');
  const kept = expectStatus(await call(page, 'POST', `/api/prices/${priced.id}/keep`, { key: priced.key }), 200, 'prix gardés');
  const c = expectStatus(await call(page, 'POST', '/api/contracts', {
    priceId: kept.quote.recommended.id, startDate: dayFromToday(1), address: '4 place Bellecour', postalCode: '69002', city: 'Lyon', registration: 'AB-123-CD', rhythm: 'monthly',
    policyholder: { firstName: 'Camille', lastName: 'Lefèvre', birthDate: '1986-11-02', phone: '06 39 98 12 38' },
  }), 201, 'contrat').contract;
  const before = mailIds(client.email);
  expectStatus(await call(page, 'POST', `/api/contracts/${c.id}/signature-code`), 202, 'code');
  const code = await newCode(client.email, before);
  const accept = [...c.documents.filter((d) => !d.signed).map((d) => d.kind), 'sepa'];
  return expectStatus(await call(page, 'POST', `/api/contracts/${c.id}/signature`, { code, holder: client.name, iban: 'FR7630006000011234567890189', accept }), 200, 'signature').contract;
}

/** A fresh page at width signed in as email, that records errors; its context bypasses CSP for axe's script. */
async function pageAt(width, email) {
  const context = await env.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, reducedMotion: 'reduce', locale: 'fr-FR', acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await signIn(page, env.server.url, email);
  return { context, page, errors };
}

/** Axe in both themes at 375 and 1280 px, with a screenshot of each. */
async function lookedAt(page, name) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    assert.equal(await overflows(page), false, `${name} défile de côté à ${width} px`);
    const v = await axeBothThemes(page, { each: (theme) => keepShot(page, `${name}-${width}-${theme}.png`) });
    assert.deepEqual(v, [], `axe ${name} à ${width} px`);
  }
  await page.setViewportSize({ width: 375, height: 900 });
}

/** Reads the price of the change, opens « Pourquoi ce changement de prix ? » and signs with the code of the e-mail. */
async function readPriceAndSign(page, shot) {
  const price = page.locator('.amendment-price');
  await page.getByRole('heading', { name: 'Le prix de ce changement' }).waitFor();
  const figures = await price.locator('.amendment-figures').innerText();
  assert.match(figures, /Prix annuel actuel\s+[\d\s\u202f,]+\u00a0€ par an/);
  assert.match(figures, /Nouveau prix annuel\s+[\d\s\u202f,]+\u00a0€ par an/);
  assert.match(figures, /Ajustement\s+(.+ à payer|.+ remboursés|Rien à payer ni à rembourser)/);
  await price.getByText('Pourquoi ce changement de prix').click();
  const rows = await price.locator('.amendment-trace-lines > div').count();
  assert.ok(rows > 0, 'les lignes du calcul qui changent');
  if (shot) await lookedAt(page, shot);
  await page.getByRole('checkbox', { name: /j’accepte l’avenant/ }).check();
  const before = mailIds(client.email);
  await page.getByRole('button', { name: 'Recevoir mon code' }).click();
  const code = await newCode(client.email, before);
  await page.getByLabel('Code reçu par e-mail').fill(code);
  await page.getByRole('button', { name: 'Signer' }).click();
  await page.getByRole('heading', { name: 'Votre changement est signé' }).waitFor();
  return figures;
}

describe('Modifier mon contrat', () => {
  test('a client moves from Lyon to Marseille and changes car the same month, signs both, downloads the new Mémo', async () => {
    await createUser(env.server.db, client.email, client.name, 'client');
    const { context, page, errors } = await pageAt(375, client.email);
    made.contract = await signedContract(page);
    const here = `/mes-contrats/${made.contract.id}`;

    // From the contract's page, with the keyboard: the link, the kind, the fields, the date.
    await page.goto(env.server.url + here);
    await heading(page, `Contrat n°\u00a0${made.contract.number}`);
    const link = page.getByRole('link', { name: 'Modifier mon contrat' });
    await link.focus();
    await page.keyboard.press('Enter');
    assert.equal(await heading(page, 'Modifier mon contrat'), 'Modifier mon contrat');
    assert.equal(new URL(page.url()).pathname, `${here}/modifier`);

    // Nothing chosen: the page says what to do first.
    await page.getByRole('radio', { name: 'Je déménage' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Voir le prix du changement' }).click();
    await page.locator('.field-error', { hasText: 'Indiquez votre nouvelle adresse.' }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'changement-adresse', 'the focus on the first field refused');
    await lookedAt(page, 'avenant-changement');

    await page.keyboard.type('12 La Canebière');
    await page.keyboard.press('Tab');
    await page.keyboard.type('13001');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Marseille');
    await page.getByLabel('À partir du').fill(dayFromToday(3));
    await page.getByRole('button', { name: 'Voir le prix du changement' }).focus();
    await page.keyboard.press('Enter');
    const moved = await readPriceAndSign(page, 'avenant-prix');
    assert.ok(moved.length > 0);
    await lookedAt(page, 'avenant-signe');

    // The same month, another car: the catalogue's picker, the year, the plate.
    await page.getByRole('button', { name: 'Faire un autre changement' }).click();
    await page.getByRole('radio', { name: 'Je change de véhicule' }).check();
    const searched = vehicleSearch(page, 'clio');
    await typeIn(page.getByRole('combobox', { name: 'Votre nouveau véhicule' }), 'clio');
    await searched; // the list of « clio », not of « cl » a loaded machine showed between two keys
    const option = page.getByRole('option').first();
    await option.waitFor();
    // A year its model was sold: « 2019–2024 » or « depuis 2019 ».
    const year = /(\d{4})/.exec(await option.locator('small').innerText())?.[1];
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    assert.match(await page.getByRole('combobox', { name: 'Votre nouveau véhicule' }).inputValue(), /^Renault Clio/);
    await page.getByLabel('Année de première mise en circulation').fill(year);
    await page.getByLabel('Immatriculation').fill('gh-456-jk');
    await page.getByLabel('À partir du').fill(dayFromToday(5));
    await page.getByRole('button', { name: 'Voir le prix du changement' }).click();
    await readPriceAndSign(page);

    // The new documents: the avenant and the new Mémo, downloaded.
    const done = page.locator('.amendment-done');
    const memo = done.locator('.contract-doc', { hasText: 'Mémo' }).first();
    await memo.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), memo.getByRole('link', { name: /Télécharger/ }).click()]);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    assert.equal(readFileSync(file).subarray(0, 5).toString(), '%PDF-', 'the Mémo is a PDF');
    assert.ok(await done.locator('.contract-doc', { hasText: /Avenant/i }).count() > 0, 'the avenant among the new documents');
    // The carte grise of the new car is asked, with provisional cover.
    assert.match(await done.innerText(), /justificatifs|provisoirement/);

    // The contract now: Marseille, the Clio, two amendments signed, the old Mémo replaced.
    const after = expectStatus(await call(page, 'GET', `/api/contracts/${made.contract.id}`), 200, 'contrat').contract;
    assert.equal(after.holder.city, 'Marseille');
    assert.equal(after.holder.postalCode, '13001');
    assert.equal(after.risk.vehicle.make, 'Renault');
    assert.equal(after.risk.vehicle.registration, 'GH-456-JK');
    assert.deepEqual(after.amendments.map((a) => [a.kind, a.status]), [['vehicle', 'signed'], ['address', 'signed']]);
    made.formula = after.formula;
    assert.ok(after.documents.some((d) => d.kind === 'memo' && d.replaced), 'the first Mémo marked replaced');
    assert.ok(after.documents.filter((d) => d.kind === 'amendment').length >= 2, 'one avenant per change');
    await context.close();
    assert.deepEqual(errors, []);
  });

  test('an agent prepares a formula change for a client who called; the client signs it by code', async () => {
    assert.ok(made.contract, 'the first test made the contract');
    await createUser(env.server.db, agent, 'Paul Conseiller', 'agent');
    const staff = await pageAt(1280, agent);
    const formula = made.formula === 'Tous risques' ? 'tiers-etendu' : 'tous-risques';
    const prepared = expectStatus(await call(staff.page, 'POST', `/api/contracts/${made.contract.id}/amendments`, {
      kind: 'formula', effectiveDate: dayFromToday(6), changes: { formulaId: formula },
    }), 201, 'avenant préparé').amendment;
    assert.equal(prepared.status, 'draft');
    assert.equal(prepared.createdByStaff, true);
    // The agent may prepare, not sign: the code goes to the client only.
    assert.notEqual((await call(staff.page, 'POST', `/api/contracts/${made.contract.id}/amendments/${prepared.id}/signature-code`)).status, 202);
    await staff.context.close();

    const { context, page, errors } = await pageAt(375, client.email);
    await page.goto(`${env.server.url}/mes-contrats/${made.contract.id}/modifier`);
    await heading(page, 'Modifier mon contrat');
    const drafts = page.locator('.amendment-drafts');
    await drafts.getByText('Préparé par un conseiller.').waitFor();
    await drafts.getByRole('button', { name: /Vérifier et signer/ }).click();
    await page.getByText(/Un conseiller a préparé ce changement/).waitFor();
    await readPriceAndSign(page, 'avenant-conseiller');
    const after = expectStatus(await call(page, 'GET', `/api/contracts/${made.contract.id}`), 200, 'contrat').contract;
    assert.equal(after.amendments[0].id, prepared.id);
    assert.equal(after.amendments[0].status, 'signed');
    assert.notEqual(after.formula, made.formula);
    await context.close();
    assert.deepEqual(errors, []);
  });

  test('another client’s contract answers 404, and its page says so', async () => {
    assert.ok(made.contract, 'the first test made the contract');
    const other = `autre${stamp}@exemple.fr`;
    await createUser(env.server.db, other, 'Autre Client', 'client');
    const { context, page } = await newPage(env.browser, { width: 375, allowErrors: true });
    await signIn(page, env.server.url, other);
    const res = await call(page, 'POST', `/api/contracts/${made.contract.id}/amendments`, { kind: 'address', effectiveDate: dayFromToday(3), changes: { address: '1 rue X', postalCode: '75001', city: 'Paris' } });
    assert.equal(res.status, 404);
    await page.goto(`${env.server.url}/mes-contrats/${made.contract.id}/modifier`);
    await page.getByText('Ce contrat est introuvable.').waitFor();
    await context.close();
  });
});
