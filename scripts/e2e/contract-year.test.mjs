// The contract's year (issue 42) through the browser and the real server,
// its days moved on by the operator's commands as `serve` would each
// night: a client signs a monthly car contract and sends its
// justificatifs, an agent accepts them. `courtier sepa export` sends the
// first two debits to the bank; the bank's pain.002 status report rejects
// the second (AM04, provision insuffisante), read by `courtier sepa
// returns`. The client's page shows the payments with their status, the
// rejection with its reason, the dates of the mise en demeure, the
// suspension and the termination, and how to pay by transfer (the
// reference, the broker's IBAN and BIC); `courtier contracts tick` on day
// 10 says the mise en demeure sent, on day 40 the contract is « Suspendu »
// and its Mémo Véhicule Assuré gives the reason instead of its links. An
// agent records the client's transfer with the keyboard at 375 px (a bad
// amount refused next to its field first, and the API's 400 in French);
// the contract is active again and the debit « Régularisé ». All year the
// page gives the renewal day and the last day to refuse it; the tick of
// the avis d'échéance's window brings the new price, the difference, what
// changed and where to compare. The pages pass axe in both themes at 375
// and 1280 px, without sideways scrolling (screenshots with
// COURTIER_E2E_SHOTS, helpers.mjs keepShot).
//
// The day moves forward with `contracts tick --date`, ahead of the real
// day: the export and the staff payment keep the real one (the bank takes
// no debit in the past, a payment is not received in the future).
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { axeBothThemes, company, heading, keepShot, sceneImage, useServerAndBrowser } from './helpers.mjs';
import { mailTo } from './outbox.mjs';
import { call, createUser, registerClient, signIn } from './desk-helpers.mjs';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/courtier', import.meta.url));
const env = useServerAndBrowser();
const scratch = mkdtempSync(join(tmpdir(), 'courtier-year-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const stamp = Date.now();
const client = `annee.contrat${stamp}@exemple.fr`;
const agent = `agent.annee${stamp}@exemple.fr`;
/** What the tests hand on: the contract, its debits' files, the days of its incident. */
const state = {};

const carAnswers = {
  birthDate: '1981-03-02', licenceDate: '2001-05-10', bonusMalus: 0.6, postalCode: '69002',
  vehicleId: 'peugeot-208-12-puretech-100', usage: 'commute', parking: 'street', yearlyKm: 12000, claims36: 0,
};

/** A day moved by n days, YYYY-MM-DD. */
function addDays(day, n) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Today in Paris, YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(Date.now());

/** A day the French way, as the pages write it: « 9 janvier 2027 », « 1er mars 2027 ». */
function frDay(day) {
  const text = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return text.replace(/^1 /, '1er ');
}

/** An amount the French way: « 62,48 € ». */
const euros = (cents) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** Text with every kind of space made one plain space, to compare what a page says. */
const plain = (s) => s.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** Runs the binary on the server's database; resolves to its standard output, fails with its standard error (or after a minute). */
async function courtier(...args) {
  try {
    return (await run(bin, [...args, '--db', env.server.db], { encoding: 'utf8', timeout: 60_000 })).stdout;
  } catch (err) {
    throw new Error(`courtier ${args.join(' ')}: ${err.code ?? err.signal}\n${err.stdout}\n${err.stderr}`);
  }
}

/** Asserts an API answer's status, with its body when it differs. */
function expectStatus(res, status, what) {
  assert.equal(res.status, status, `${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The contract as the client's page reads it. */
async function readContract(page) {
  return expectStatus(await call(page, 'GET', `/api/contracts/${state.contract.id}`), 200, 'contrat').contract;
}

/** A picture of a paper, as a phone would take it. */
function paperImage(title, type) {
  return sceneImage(env.browser, `<body style="margin:0;font:20px sans-serif;background:#e8eef5">
    <div style="margin:20px;padding:20px;height:220px;box-sizing:border-box;border-radius:12px;background:#f9e3ef;border:2px solid #b0487c">
    <b>${title}</b><p>MARTIN Claire<br>née le 02/03/1981</p></div></body>`, { width: 480, height: 300, type });
}

/** The client sends a justificatif, as the upload form does. */
async function sendProof(page, id, kind, name, mime, data) {
  const res = await page.evaluate(async ({ id, kind, name, mime, bytes }) => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], name, { type: mime }));
    const r = await fetch(`/api/contracts/${id}/proofs/${kind}`, { method: 'POST', body: form });
    return { status: r.status, body: await r.json().catch(() => null) };
  }, { id, kind, name, mime, bytes: [...data] });
  expectStatus(res, 201, `justificatif ${kind}`);
}

/** A pain.002.001.03 status report of the bank rejecting one debit of a file. */
function rejection({ msgId, endToEnd, amountCents, dueDate, code }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>BANK-STS-${stamp}</MsgId><CreDtTm>${dueDate}T08:15:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>${msgId}</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>${msgId}-RCUR</OrgnlPmtInfId>
      <TxInfAndSts>
        <OrgnlEndToEndId>${endToEnd}</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts>
        <StsRsnInf><Rsn><Cd>${code}</Cd></Rsn></StsRsnInf>
        <OrgnlTxRef><Amt><InstdAmt Ccy="EUR">${(amountCents / 100).toFixed(2)}</InstdAmt></Amt><ReqdColltnDt>${dueDate}</ReqdColltnDt></OrgnlTxRef>
      </TxInfAndSts>
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>
`;
}

/** `sepa export` of the debits due on day: the file's MsgId and the end-to-end id of the contract's debit in it. */
async function exportDay(day) {
  const xml = await courtier('sepa', 'export', '--date', day);
  const msgId = /<MsgId>([^<]+)<\/MsgId>/.exec(xml)?.[1];
  const endToEnd = [...xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1]).find((e) => e.startsWith(state.contract.number));
  assert.ok(msgId && endToEnd, `le fichier du ${day} nomme le prélèvement du contrat ${state.contract.number}:\n${xml}`);
  return { msgId, endToEnd };
}

/** The rows of « Mes échéances »: date, amount, status (and a rejection's reason), plain text. */
async function paymentRows(page) {
  const table = page.getByRole('table', { name: /^Échéancier/ });
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.cells].map((c) => c.innerText.replace(/[\s\u00a0\u202f]+/g, ' ').trim())));
}

/** The row of the payment due on day (its date cell starts with it). */
function rowOf(rows, day) {
  const row = rows.find((r) => r[0] === frDay(day));
  assert.ok(row, `une échéance du ${frDay(day)} parmi ${JSON.stringify(rows)}`);
  return row;
}

/** The client's contract page, loaded. */
async function openContract(page) {
  await page.goto(`${env.server.url}/mes-contrats/${state.contract.id}`);
  await heading(page, /Contrat n°/);
  await page.getByRole('heading', { name: /Mes échéances|Mes prélèvements/ }).waitFor();
}

const overflows = (page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** axe in both themes and no sideways scrolling at 375 and 1280 px, with a screenshot of each under name. */
async function checkPage(page, name) {
  const failures = [];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const violations = await axeBothThemes(page, { each: (theme) => keepShot(page, `year-${name}-${width}-${theme}.png`) });
    if (violations.length) failures.push(`${name} à ${width} px:\n${violations.join('\n')}`);
    if (await overflows(page)) failures.push(`${name} à ${width} px : défile de côté`);
  }
  assert.equal(failures.length, 0, failures.join('\n\n'));
}

/** A signed-in page whose context takes axe (bypassCSP; the site's own scripts are unchanged). */
async function axePage(email, register = false) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, reducedMotion: 'reduce', locale: 'fr-FR' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (register) await registerClient(page, env.server.url, email, 'Claire Martin');
  else await signIn(page, env.server.url, email);
  return { page, context, errors };
}

describe('the contract’s year', () => {
  test('a monthly car contract signed, its justificatifs accepted (API)', async () => {
    await createUser(env.server.db, agent, 'Thomas Conseiller', 'agent');
    const { page, context } = await axePage(client, true);
    const priced = expectStatus(await call(page, 'POST', '/api/prices', { product: 'car', answers: carAnswers, needs: { covers: ['glass'], deductible: 'medium' } }), 200, 'prix');
    expectStatus(await call(page, 'POST', `/api/prices/${priced.id}/keep`, { key: priced.key }), 200, 'prix gardés');
    const made = expectStatus(await call(page, 'POST', '/api/contracts', {
      priceId: priced.recommended.id, startDate: addDays(today(), 1), rhythm: 'monthly', address: '12 rue des Lilas', postalCode: '69002', city: 'Lyon', registration: 'AB-123-CD',
      policyholder: { firstName: 'Claire', lastName: 'Martin', birthDate: '1981-03-02', phone: '06 39 98 12 34' },
    }), 201, 'contrat');
    const id = made.contract.id;
    expectStatus(await call(page, 'POST', `/api/contracts/${id}/signature-code`), 202, 'code');
    const code = (await mailTo(env.server.db, client, 'contract-code', (m) => m.subject.includes(made.contract.number))).text.match(/^\s*(\d{6})\s*$/m)?.[1];
    assert.ok(code, 'le code de signature');
    expectStatus(await call(page, 'POST', `/api/contracts/${id}/signature`, {
      code, holder: 'Claire Martin', iban: 'FR76 3000 6000 0112 3456 7890 189', accept: ['sepa', ...made.contract.documents.map((d) => d.kind)],
    }), 200, 'signature');
    await sendProof(page, id, 'licence', 'permis.png', 'image/png', await paperImage('PERMIS DE CONDUIRE', 'png'));
    await sendProof(page, id, 'registration', 'carte-grise.jpg', 'image/jpeg', await paperImage("CERTIFICAT D'IMMATRICULATION", 'jpeg'));
    await sendProof(page, id, 'record', 'releve.png', 'image/png', await paperImage("RELEVÉ D'INFORMATION", 'png'));

    const staff = await axePage(agent);
    for (const kind of ['licence', 'registration', 'record']) {
      expectStatus(await call(staff.page, 'POST', `/api/desk/contracts/${id}/proofs/${kind}/review`, { accept: true }), 200, `vérification ${kind}`);
    }
    await staff.context.close();
    const c = expectStatus(await call(page, 'GET', `/api/contracts/${id}`), 200, 'contrat').contract;
    await context.close();
    assert.equal(c.status, 'active');
    assert.equal(c.rhythm, 'monthly');
    assert.ok(c.payments?.length >= 12, `les échéances de l’année : ${JSON.stringify(c.payments)}`);
    assert.deepEqual(c.payments.map((p) => p.status), c.payments.map(() => 'scheduled'));
    state.contract = c;
  });

  test('the first two debits exported, the second rejected by the bank’s pain.002 (CLI)', async () => {
    assert.ok(state.contract, 'le contrat existe');
    const [first, second] = state.contract.payments;
    state.first = first;
    state.second = second;
    await exportDay(first.dueDate);
    const sent = await exportDay(second.dueDate);
    assert.equal(sent.endToEnd, `${state.contract.number}-02`);
    const file = join(scratch, 'retours.xml');
    writeFileSync(file, rejection({ msgId: sent.msgId, endToEnd: sent.endToEnd, amountCents: second.amountCents, dueDate: second.dueDate, code: 'AM04' }));
    await courtier('sepa', 'returns', file);
    // The day after the second debit: the first, not returned, is paid.
    await courtier('contracts', 'tick', '--date', addDays(second.dueDate, 1));
  });

  test('the client sees the payments, the rejected debit, what happens next and how to pay; axe at 375 and 1280 px', async () => {
    assert.ok(state.second, 'le prélèvement rejeté');
    const { page, context, errors } = await axePage(client);
    const c = await readContract(page);
    assert.ok(c.incident, `l’impayé : ${JSON.stringify(c)}`);
    state.incident = c.incident;
    await openContract(page);
    const rows = await paymentRows(page);
    assert.equal(rows.length, c.payments.length);
    assert.deepEqual(rowOf(rows, state.first.dueDate), [frDay(state.first.dueDate), plain(euros(state.first.amountCents)), 'Payé']);
    const rejected = rowOf(rows, state.second.dueDate);
    assert.equal(rejected[1], plain(euros(state.second.amountCents)));
    assert.match(rejected[2], /^Rejeté Provision insuffisante$/i);
    assert.equal(rowOf(rows, c.payments.at(-1).dueDate)[2], 'Prévu');

    const block = page.getByRole('region', { name: 'Un prélèvement a été rejeté' });
    const text = plain(await block.innerText());
    for (const part of [
      `Votre banque a rejeté le prélèvement de ${plain(euros(state.second.amountCents))} du ${frDay(state.second.dueDate)} : provision insuffisante.`,
      `Le ${frDay(c.incident.noticeAt.slice(0, 10))}`, 'mise en demeure par lettre recommandée',
      `Le ${frDay(c.incident.suspendAt.slice(0, 10))}`, 'suspension de vos garanties',
      `Le ${frDay(c.incident.terminateAt.slice(0, 10))}`, 'résiliation de votre contrat pour non-paiement',
      ...(c.incident.representDate ? [`une seconde et dernière fois le ${frDay(c.incident.representDate)}`] : []),
      `IBAN ${plain(company.sepa.iban)}`, `BIC ${company.sepa.bic}`, `Référence à indiquer IMP-${state.contract.number}-02`,
    ]) assert.ok(text.includes(plain(part)), `« ${part} » dans : ${text}`);
    // L113-3: the mise en demeure ten days after the due date, the suspension thirty days after it, the termination ten days later.
    assert.equal(c.incident.noticeAt.slice(0, 10), addDays(state.second.dueDate, 10));
    assert.equal(c.incident.suspendAt.slice(0, 10), addDays(state.second.dueDate, 40));
    assert.equal(c.incident.terminateAt.slice(0, 10), addDays(state.second.dueDate, 50));

    await checkPage(page, 'rejected');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('day 10: the mise en demeure sent; day 40: « Suspendu », the Mémo withheld with the reason', async () => {
    assert.ok(state.incident, 'l’impayé est ouvert');
    await courtier('contracts', 'tick', '--date', addDays(state.second.dueDate, 10));
    const { page, context, errors } = await axePage(client);
    await openContract(page);
    const notice = plain(await page.getByRole('region', { name: 'Un prélèvement a été rejeté' }).innerText());
    assert.ok(notice.includes(`Mise en demeure envoyée le ${frDay(state.incident.noticeAt.slice(0, 10))}`), notice);

    await courtier('contracts', 'tick', '--date', addDays(state.second.dueDate, 40));
    const c = await readContract(page);
    assert.equal(c.status, 'suspended');
    assert.equal(c.incident?.stage, 'suspended');
    await openContract(page);
    assert.equal(plain(await page.locator('.page-header .contract-status').textContent()), 'Statut : Suspendu');
    const block = page.getByRole('region', { name: 'Votre contrat est suspendu' });
    const text = plain(await block.innerText());
    assert.ok(text.includes(`Garanties suspendues depuis le ${frDay(state.incident.suspendAt.slice(0, 10))}`), text);
    assert.ok(text.includes('votre attestation d’assurance ne peut pas être téléchargée'), text);
    // The Mémo Véhicule Assuré gives the reason, not its links; the server refuses it too.
    const docs = page.getByRole('region', { name: 'Mes documents' });
    await docs.getByText(/Indisponible tant que votre contrat est suspendu/).first().waitFor();
    assert.equal(await docs.getByRole('link', { name: /Mémo Véhicule Assuré/ }).count(), 0);
    const memo = c.documents.find((d) => d.kind === 'memo');
    assert.ok(memo, 'le Mémo Véhicule Assuré du contrat');
    const got = await page.evaluate(async (url) => (await fetch(url)).status, memo.url);
    assert.ok(got === 403 || got === 409, `le Mémo d’un contrat suspendu : ${got}`);
    await checkPage(page, 'suspended');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('at 375 px with the keyboard, an agent records the transfer: a bad amount refused first; the API’s 400 in French', async () => {
    assert.ok(state.incident, 'l’impayé est ouvert');
    const { page, context, errors } = await axePage(agent);
    const bad = await call(page, 'POST', `/api/desk/contracts/${state.contract.id}/payments`, { amountCents: 0, date: today(), way: 'transfer' });
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    assert.match(bad.body.error, /[a-zé]/);
    const way = await call(page, 'POST', `/api/desk/contracts/${state.contract.id}/payments`, { amountCents: state.incident.amountCents, date: today(), way: 'bitcoin' });
    assert.equal(way.status, 400, JSON.stringify(way.body));

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${env.server.url}/dashboard/contracts/${state.contract.id}`);
    await heading(page, `Contrat ${state.contract.number}`);
    const block = page.getByRole('region', { name: 'Impayé' });
    assert.ok(plain(await block.innerText()).includes(`IMP-${state.contract.number}-02`));
    await checkPage(page, 'desk-unpaid');
    await page.setViewportSize({ width: 375, height: 800 });

    const amount = page.getByLabel('Montant reçu (€)');
    assert.equal(await amount.inputValue(), (state.incident.amountCents / 100).toFixed(2).replace('.', ','));
    await amount.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('douze');
    await page.keyboard.press('Enter');
    await page.getByText('Indiquez le montant en euros, par exemple 48,31.').waitFor();
    assert.equal(await amount.getAttribute('aria-invalid'), 'true');
    assert.equal(await amount.evaluate((el) => el === document.activeElement), true);
    // The day (today) and the way (« Virement ») as the form proposes them; Enter sends it.
    assert.equal(await page.getByLabel('Date du paiement').inputValue(), today());
    assert.equal(await page.getByLabel('Moyen de paiement').inputValue(), 'transfer');
    await page.keyboard.press('Control+A');
    await page.keyboard.type((state.incident.amountCents / 100).toFixed(2).replace('.', ','));
    await page.keyboard.press('Enter');
    const done = page.getByRole('status').filter({ hasText: 'enregistré' });
    await done.waitFor();
    assert.equal(plain(await done.innerText()), plain(`Paiement de ${euros(state.incident.amountCents)} enregistré.`));
    await page.getByText('Actif', { exact: true }).first().waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the client is covered again: « Actif », the debit « Régularisé », the Mémo back', async () => {
    assert.ok(state.incident, 'l’impayé était ouvert');
    const { page, context, errors } = await axePage(client);
    const c = await readContract(page);
    assert.equal(c.status, 'active');
    assert.ok(!c.incident || c.incident.stage === 'closed', JSON.stringify(c.incident));
    await openContract(page);
    assert.match(rowOf(await paymentRows(page), state.second.dueDate)[2], /^Régularisé/);
    assert.equal(await page.getByRole('region', { name: /Votre contrat est suspendu|Un prélèvement a été rejeté/ }).count(), 0);
    assert.ok(await page.getByRole('link', { name: /Mémo Véhicule Assuré/ }).count() > 0, 'le Mémo se télécharge');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('all year the renewal day and deadline; the avis d’échéance: the new price, the difference, what changed, where to compare; axe', async () => {
    assert.ok(state.contract, 'le contrat existe');
    const { page, context, errors } = await axePage(client);
    const before = await readContract(page);
    assert.equal(before.renewal, undefined, 'pas de nouveau prix avant l’avis');
    // All year: the renewal day (the day after the running year's last) and the last day to refuse it.
    assert.ok(before.period && before.renewalDeadline, `la période et la date limite : ${JSON.stringify({ period: before.period, renewalDeadline: before.renewalDeadline })}`);
    await openContract(page);
    const line = plain(await page.locator('.contract-renewal-line').innerText());
    assert.equal(line, plain(`Votre contrat se renouvelle le ${frDay(addDays(before.period.end, 1))} : vous pouvez refuser le renouvellement jusqu’au ${frDay(before.renewalDeadline)}.`));
    // Inside the window of L113-15-1: at most three months and at least fifteen days before the deadline.
    await courtier('contracts', 'tick', '--date', addDays(before.renewalDeadline, -20));
    const c = await readContract(page);
    const r = c.renewal;
    assert.ok(r, `l’avis d’échéance : ${JSON.stringify(c)}`);
    assert.equal(r.late, false);
    assert.equal(r.previousYearlyCents, before.yearlyCents);
    await openContract(page);
    assert.equal(r.start, addDays(c.period.end, 1));
    const block = page.getByRole('region', { name: `Votre prix à partir du ${frDay(r.start)}` });
    const text = plain(await block.innerText());
    const diff = r.yearlyCents - r.previousYearlyCents;
    for (const part of [
      `Cette année ${euros(r.previousYearlyCents)} par an`,
      `Nouveau prix ${euros(r.yearlyCents)} par an`,
      `Différence ${diff === 0 ? 'aucune, le prix ne change pas' : `${diff > 0 ? '+' : '\u2212'}${euros(Math.abs(diff))} par an`}`,
      `vous pouvez refuser le renouvellement jusqu’au ${frDay(c.renewalDeadline)}`,
    ]) assert.ok(text.includes(plain(part)), `« ${part} » dans : ${text}`);
    // What changed is what the server says changed, line by line: what moved the price in the
    // list, a coefficient whose input moved but not its figure (the driver's age at 1,00)
    // folded apart.
    const changeLine = ([label, was, is]) => plain(`${label} : ${was || '—'} → ${is || '—'}`);
    const figure = (v) => v.split(/[\u00a0 ]:[\u00a0 ]/).pop();
    const same = ([label, was, is]) => label.startsWith('×') && was && is && figure(was) === figure(is);
    const changes = await block.locator('h3:text("Ce qui a changé") + ul > li').allInnerTexts();
    assert.deepEqual(changes.map(plain), r.changes.filter((c) => !same(c)).map(changeLine));
    assert.ok(changes.some((t) => /bonus-malus/.test(t)), `the bonus-malus moved at renewal: ${changes}`);
    // Folded, so not rendered: read as text, not as shown.
    const folded = await block.locator('details.contract-changes-same li').allTextContents();
    assert.deepEqual(folded.map(plain), r.changes.filter(same).map(changeLine));
    assert.ok(folded.length > 0, 'the driver a year older at the same coefficient is folded');
    const compare = block.getByRole('link', { name: 'Comparer les offres de nos assureurs' });
    // The comparison is the same risk priced by every insurer, kept in « Mes prix ».
    assert.equal(await compare.getAttribute('href'), r.compareUrl);
    assert.match(r.compareUrl, /^\/mes-prix\?id=/);
    await checkPage(page, 'renewal');
    await compare.click();
    await page.waitForURL((u) => u.pathname === '/mes-prix');
    await heading(page);
    await page.locator('main').getByText('Assurances Exemple SA').first().waitFor();
    const offers = plain(await page.locator('main').innerText());
    for (const insurer of ['Mutuelle Fictive de l’Ouest', 'Assurances Exemple SA', 'Compagnie Factice d’Assurances']) {
      assert.ok(offers.includes(plain(insurer)), `« ${insurer} » dans la comparaison : ${offers.slice(0, 400)}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
