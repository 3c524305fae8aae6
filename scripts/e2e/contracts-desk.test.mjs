// Staff check the contracts signed online, through the browser and the
// real server. A client prices a car, keeps the price, makes and signs two
// contracts and sends their three justificatifs, all through the API as
// the client pages would. An agent then filters « Justificatifs à
// vérifier », opens the contract, opens the files, accepts two and
// refuses one (the reason is required and the client reads it): the
// contract still waits. The client sends it again, the agent accepts it
// and the contract reads « Actif ». The agent sends a document to the
// client again: the mail is in the outbox. The second contract is checked
// at 375 px with the keyboard alone. Both pages pass axe in both themes at
// 375 and 1280 px (screenshots with COURTIER_E2E_SHOTS, helpers.mjs keepShot).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeBothThemes, heading, keepShot, newPage, sceneImage, useServerAndBrowser } from './helpers.mjs';
import { mailTo as outboxMail } from './outbox.mjs';
import { call, createUser, registerClient, signIn } from './desk-helpers.mjs';

const env = useServerAndBrowser();
const mailTo = (email, template, number) => outboxMail(env.server.db, email, template, (m) => !number || m.subject.includes(number));
const stamp = Date.now();
const client = `claire.contrat${stamp}@exemple.fr`;
const agent = `agent.contrats${stamp}@exemple.fr`;
const admin = `admin.contrats${stamp}@exemple.fr`;
const state = { first: undefined, second: undefined };

const carAnswers = {
  birthDate: '1981-03-02', licenceDate: '2001-05-10', bonusMalus: 0.6, postalCode: '69002',
  vehicleId: 'peugeot-208-12-puretech-100', usage: 'commute', parking: 'street', yearlyKm: 12000, claims36: 0,
};

/** Tomorrow in Paris, YYYY-MM-DD: the earliest start a contract may have. */
function tomorrow() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(Date.now());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Asserts an API answer's status, with its body when it differs. */
function expectStatus(res, status, what) {
  assert.equal(res.status, status, `${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The client makes a car contract from a kept price and signs it with the code of the e-mail. */
async function signedContract(page, registration) {
  const priced = expectStatus(await call(page, 'POST', '/api/prices', { product: 'car', answers: carAnswers, needs: { covers: ['glass'], deductible: 'medium' } }), 200, 'prix');
  expectStatus(await call(page, 'POST', `/api/prices/${priced.id}/keep`, { key: priced.key }), 200, 'prix gardés');
  const made = expectStatus(await call(page, 'POST', '/api/contracts', {
    priceId: priced.recommended.id, startDate: tomorrow(), address: '12 rue des Lilas', postalCode: '69002', city: 'Lyon', registration,
    policyholder: { firstName: 'Claire', lastName: 'Martin', birthDate: '1985-04-12', phone: '06 39 98 12 34' },
  }), 201, 'contrat');
  const id = made.contract.id;
  expectStatus(await call(page, 'POST', `/api/contracts/${id}/signature-code`), 202, 'code');
  const mail = await mailTo(client, 'contract-code', made.contract.number);
  const code = mail.text.match(/^\s*(\d{6})\s*$/m)?.[1];
  assert.ok(code, `code dans « ${mail.text} »`);
  const signed = expectStatus(await call(page, 'POST', `/api/contracts/${id}/signature`, {
    code, holder: 'Claire Martin', iban: 'FR76 3000 6000 0112 3456 7890 189', accept: ['sepa', ...made.contract.documents.map((d) => d.kind)],
  }), 200, 'signature');
  assert.equal(signed.contract.status, 'awaiting_documents');
  return signed.contract;
}

/** A picture of a paper, as a phone would take it: a PNG or a JPEG made by the browser. */
function paperImage(browser, title, type) {
  return sceneImage(browser, `<body style="margin:0;font:20px sans-serif;background:#e8eef5">
    <div style="margin:20px;padding:20px;height:220px;box-sizing:border-box;border-radius:12px;background:#f9e3ef;border:2px solid #b0487c">
    <b>${title}</b><p>MARTIN Claire<br>née le 02/03/1981</p><p style="font-family:monospace">N° 123456789012</p></div></body>`, { width: 480, height: 300, type });
}

/** The client sends a justificatif, as the upload form does (multipart, field « file »). */
async function sendProof(page, id, kind, name, mime, data) {
  const res = await page.evaluate(async ({ id, kind, name, mime, bytes }) => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], name, { type: mime }));
    const r = await fetch(`/api/contracts/${id}/proofs/${kind}`, { method: 'POST', body: form });
    return { status: r.status, body: await r.json().catch(() => null) };
  }, { id, kind, name, mime, bytes: [...data] });
  return expectStatus(res, 201, `justificatif ${kind}`);
}

/** Sends the three justificatifs of a car contract. */
async function sendAllProofs(browser, page, id) {
  const licence = await paperImage(browser, 'PERMIS DE CONDUIRE', 'png');
  const registration = await paperImage(browser, "CERTIFICAT D'IMMATRICULATION", 'jpeg');
  const record = await paperImage(browser, "RELEVÉ D'INFORMATION", 'png');
  await sendProof(page, id, 'licence', 'permis.png', 'image/png', licence);
  await sendProof(page, id, 'registration', 'carte-grise.jpg', 'image/jpeg', registration);
  await sendProof(page, id, 'record', 'releve.png', 'image/png', record);
}

/** A justificatif's block on the contract's page, by its title. */
const proofItem = (page, title) => page.locator('li.proof').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Presses Tab until the focused element matches test (its text or accessible name); fails after max presses. */
async function tabTo(page, test, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate((src) => {
      const el = document.activeElement;
      const name = [el?.getAttribute('aria-label'), el?.textContent, el?.id && document.querySelector(`label[for="${el.id}"]`)?.textContent]
        .filter(Boolean).join(' | ');
      return new RegExp(src).test(name);
    }, test.source);
    if (found) return;
  }
  throw new Error(`aucun élément « ${test} » au clavier`);
}

const overflows = (page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('contracts desk', () => {
  test('a client signs two car contracts and sends their justificatifs (API)', async () => {
    await createUser(env.server.db, agent, 'Thomas Conseiller', 'agent');
    await createUser(env.server.db, admin, 'Anne Administratrice', 'admin');
    const { page, context } = await newPage(env.browser);
    await registerClient(page, env.server.url, client, 'Claire Martin');
    state.first = await signedContract(page, 'AB-123-CD');
    state.second = await signedContract(page, 'EF-456-GH');
    await sendAllProofs(env.browser, page, state.first.id);
    await sendAllProofs(env.browser, page, state.second.id);
    state.clientContext = context;
    state.clientPage = page;
  });

  test('an agent checks the justificatifs: two accepted, one refused with its reason, then accepted once sent again', async () => {
    assert.ok(state.first, 'the contracts exist');
    const { page, context, errors } = await newPage(env.browser);
    await signIn(page, env.server.url, agent);

    // The dashboard's entry counts the documents to check.
    await page.goto(env.server.url + '/dashboard');
    await heading(page, 'Tableau de bord');
    const tile = page.getByRole('link', { name: /6\sjustificatifs à vérifier/ });
    await tile.waitFor();
    assert.equal(await tile.getAttribute('href'), '/dashboard/contracts?status=proofs');

    await page.goto(env.server.url + '/dashboard/contracts');
    await heading(page, 'Contrats');
    await page.getByRole('link', { name: state.first.number }).waitFor();
    await page.getByLabel('Statut').selectOption({ label: 'Justificatifs à vérifier' });
    await page.waitForURL((u) => u.searchParams.get('status') === 'proofs');
    await page.getByText('2\u00a0contrats, les plus récents en premier').waitFor();
    const row = page.locator('tr', { has: page.getByRole('link', { name: state.first.number }) });
    const rowText = await row.innerText();
    for (const part of ['Claire MARTIN', 'En attente de justificatifs', '3\u00a0justificatifs à vérifier', 'Dans 30\u00a0jours']) {
      assert.ok(rowText.includes(part), `« ${part} » dans la ligne : ${rowText}`);
    }
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('ef-456');
    await page.waitForURL((u) => u.searchParams.get('q') === 'ef-456');
    await page.getByText('1 contrat, les plus récents en premier').waitFor();
    assert.equal(await page.getByRole('link', { name: state.first.number }).count(), 0);
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('');
    await page.getByRole('link', { name: state.first.number }).click();

    await heading(page, `Contrat ${state.first.number}`);
    assert.equal(new URL(page.url()).pathname, `/dashboard/contracts/${state.first.id}`);
    const licence = proofItem(page, 'Permis de conduire');
    const registration = proofItem(page, "Certificat d’immatriculation (carte grise)");
    const record = proofItem(page, "Relevé d’information de votre assureur précédent");

    // Each file opens in a new tab; the photos show a preview.
    const open = licence.getByRole('link', { name: /Ouvrir le fichier/ });
    assert.equal(await open.getAttribute('target'), '_blank');
    const file = await page.request.get(env.server.url + await open.getAttribute('href'));
    assert.equal(file.status(), 200);
    assert.equal(file.headers()['content-type'], 'image/png');
    const preview = licence.getByRole('img', { name: 'Aperçu\u00a0: Permis de conduire' });
    await preview.waitFor();
    await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await preview.elementHandle());

    await licence.getByRole('button', { name: 'Accepter' }).click();
    await licence.getByText('Accepté', { exact: true }).waitFor();
    await registration.getByRole('button', { name: 'Accepter' }).click();
    await registration.getByText('Accepté', { exact: true }).waitFor();

    // Refusing needs a reason, which the client reads.
    await record.getByRole('button', { name: 'Refuser' }).click();
    const reason = record.getByRole('textbox', { name: 'Motif du refus, lu par le client' });
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'TEXTAREA');
    await record.getByRole('button', { name: 'Confirmer le refus' }).click();
    assert.equal(await reason.getAttribute('aria-invalid'), 'true');
    await record.getByText('Dites au client pourquoi ce justificatif est refusé\u00a0: il lira ce motif.').waitFor();
    const why = 'Le relevé date de plus de trois mois : envoyez celui de cette année.';
    await reason.fill(why);
    await record.getByRole('button', { name: 'Confirmer le refus' }).click();
    await record.getByText('Refusé', { exact: true }).waitFor();
    assert.match(await record.locator('.proof-reason').innerText(), /Motif donné au client\u00a0: Le relevé date de plus de trois mois/);
    assert.equal(await page.locator('.desk-header .status-pill').innerText(), 'En attente de justificatifs');
    const refused = await mailTo(client, 'contract-proof-refused', state.first.number);
    assert.ok(refused.text.includes('trois mois'), refused.text);

    // The client sends it again; the agent accepts it: the contract is active.
    await sendProof(state.clientPage, state.first.id, 'record', 'releve-2026.png', 'image/png', await paperImage(env.browser, "RELEVÉ D'INFORMATION 2026", 'png'));
    await page.reload();
    await heading(page, `Contrat ${state.first.number}`);
    await record.getByText('En cours de vérification', { exact: true }).waitFor();
    await record.getByRole('button', { name: 'Accepter' }).click();
    await page.locator('.desk-header .status-pill', { hasText: 'Actif' }).waitFor();
    assert.equal(await page.locator('.proofs-tag').count(), 0);
    await mailTo(client, 'contract-activated', state.first.number);
    const history = await page.getByRole('region', { name: 'Historique' }).innerText();
    assert.match(history, /Relevé d’information de votre assureur précédent refusé/);
    assert.match(history, /Tous les justificatifs sont acceptés/);

    // The signature's evidence, the mandate with its IBAN masked.
    const signature = await page.getByRole('region', { name: 'Signature' }).innerText();
    assert.match(signature, /Signé le\s+\d{1,2}(er)?\u00a0\S+ \d{4}\u00a0à\u00a0\d\d:\d\d, avec le code envoyé à claire/);
    assert.equal(await page.getByRole('region', { name: 'Signature' }).getByRole('link', { name: /preuve/i }).count(), 1);
    const mandate = await page.getByRole('region', { name: 'Mandat SEPA' }).innerText();
    assert.ok(!mandate.includes('0112 3456 7890'), `IBAN masqué : ${mandate}`);

    // A document sent to the client again.
    const docs = page.getByRole('region', { name: 'Documents' });
    const first = docs.locator('li.doc').first();
    await first.getByRole('button', { name: /^Renvoyer au client/ }).click();
    await first.getByRole('status').filter({ hasText: 'Le document part par e-mail au client.' }).waitFor();
    const sent = await mailTo(client, 'contract-document-sent', state.first.number);
    assert.ok(sent.text.includes(state.first.number), sent.text);

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('at 375 px with the keyboard alone, the agent filters, opens the second contract, accepts and refuses', async () => {
    assert.ok(state.second, 'the contracts exist');
    const { page, context, errors } = await newPage(env.browser, { width: 375, height: 800 });
    await signIn(page, env.server.url, agent);
    await page.goto(env.server.url + '/dashboard/contracts');
    await heading(page, 'Contrats');
    await page.getByRole('link', { name: state.second.number }).waitFor();
    await tabTo(page, /Statut/);
    await page.keyboard.type('Justificatifs');
    await page.waitForURL((u) => u.searchParams.get('status') === 'proofs');
    await page.getByText('1 contrat, les plus récents en premier').waitFor();
    assert.equal(await overflows(page), false, 'la liste défile de côté');
    await tabTo(page, new RegExp(`^${state.second.number}$`));
    await page.keyboard.press('Enter');
    await heading(page, `Contrat ${state.second.number}`);
    assert.equal(await overflows(page), false, 'le contrat défile de côté');

    // Accept the licence, refuse the registration: all with keys.
    await tabTo(page, /^Accepter$/);
    await page.keyboard.press('Enter');
    await proofItem(page, 'Permis de conduire').getByText('Accepté', { exact: true }).waitFor();
    await tabTo(page, /^Refuser$/);
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Motif du refus, lu par le client' }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'TEXTAREA');
    await page.keyboard.type('La photo est floue : le numéro ne se lit pas.');
    await tabTo(page, /^Confirmer le refus$/);
    await page.keyboard.press('Enter');
    await proofItem(page, "Certificat d’immatriculation (carte grise)").getByText('Refusé', { exact: true }).waitFor();
    assert.equal(await page.locator('.desk-header .status-pill').innerText(), 'En attente de justificatifs');
    assert.equal(await overflows(page), false, 'le contrat défile de côté après les vérifications');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the admin reads the contracts\u2019 figures on the dashboard', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await signIn(page, env.server.url, admin);
    await page.goto(env.server.url + '/dashboard');
    await heading(page, 'Tableau de bord');
    const figures = page.getByRole('region', { name: 'Chiffres des contrats' });
    await figures.locator('.stat').first().waitFor();
    const text = await figures.innerText();
    for (const part of [/2\s+signés ce mois-ci/, /2\s+contrats en cours/, /1\s+justificatif à vérifier/, /\d,\d\d\s€\s+de primes annuelles en cours/]) {
      assert.match(text, part);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const width of [1280, 375]) {
    test(`${width} px, both themes: the list and a contract pass axe, without sideways scrolling`, async () => {
      assert.ok(state.second, 'the contracts exist');
      const context = await env.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, reducedMotion: 'reduce', locale: 'fr-FR' });
      const page = await context.newPage();
      await signIn(page, env.server.url, admin);
      const failures = [];
      for (const [name, path] of [
        ['dashboard', '/dashboard'],
        ['list', '/dashboard/contracts'],
        ['contract-active', `/dashboard/contracts/${state.first.id}`],
        ['contract-waiting', `/dashboard/contracts/${state.second.id}`],
      ]) {
        await page.goto(env.server.url + path);
        await heading(page);
        await page.waitForLoadState('networkidle');
        if (name === 'contract-waiting') {
          // The refusal form open, as an agent sees it while typing.
          await proofItem(page, "Relevé d’information de votre assureur précédent").getByRole('button', { name: 'Refuser' }).click();
        }
        // A full-page shot draws the fixed navbar where the window is: at the top.
        await page.evaluate(() => window.scrollTo(0, 0));
        const violations = await axeBothThemes(page, { each: (theme) => keepShot(page, `staff-${name}-${width}-${theme}.png`) });
        if (violations.length) failures.push(`${path}:\n${violations.join('\n')}`);
        if (await overflows(page)) failures.push(`${path}: défile de côté`);
      }
      await context.close();
      assert.equal(failures.length, 0, failures.join('\n\n'));
    });
  }
});
