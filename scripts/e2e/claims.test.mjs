// Claims online, through the browser and the real server (issue 22). A
// client whose car contract is active declares a collision from the
// contract's page with two photos and the constat amiable's photo; an
// agent opens it in the dashboard (the three pictures shown), takes it,
// transmits it to the insurer with its number and asks for a missing
// piece; the client sends it from « Mes sinistres »; the agent closes it
// « Indemnisé » with the amount. The client reads every step by e-mail
// (the outbox) and on the claim's page. A visitor with a contract held
// elsewhere is sent to sign up, then declares a water damage the same way;
// the client declares a broken windscreen at 375 px with the keyboard alone.
// The declaration, the claim's pages and the desk's pass axe at 375 and
// 1280 px in both themes without scrolling sideways (screenshots with
// COURTIER_E2E_SHOTS, helpers.mjs keepShot).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { axeBothThemes, heading, keepShot, newPage, sceneImage, useServerAndBrowser } from './helpers.mjs';
import { mailTo as outboxMail } from './outbox.mjs';
import { overflows, typeDate } from './price-helpers.mjs';
import { call, createUser, password, registerClient, signIn } from './desk-helpers.mjs';

const env = useServerAndBrowser();
const stamp = Date.now();
const client = `julie.sinistre${stamp}@exemple.fr`;
const visitor = `paul.degat${stamp}@exemple.fr`;
const agent = `agent.sinistres${stamp}@exemple.fr`;
const state = {};

const carAnswers = {
  birthDate: '1981-03-02', licenceDate: '2001-05-10', bonusMalus: 0.6, postalCode: '69002',
  vehicleId: 'peugeot-208-12-puretech-100', usage: 'commute', parking: 'street', yearlyKm: 12000, claims36: 0,
};

/** A civil day in Paris, days after today (negative: before), YYYY-MM-DD. */
function day(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(Date.now());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The newest mail of template to email, whose subject names the claim. */
const mailTo = (email, template) => outboxMail(env.server.db, email, template, (m) => !state.ref || m.subject.includes(state.ref));

/** Asserts an API answer's status, with its body when it differs. */
function expectStatus(res, status, what) {
  assert.equal(res.status, status, `${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A photo as a phone takes one: a JPEG the browser makes of a small scene. */
function photo(browser, title, color) {
  return sceneImage(browser, `<body style="margin:0;font:24px sans-serif;background:${color}">
    <div style="margin:30px;padding:24px;height:330px;box-sizing:border-box;border-radius:16px;background:#fff8;border:3px solid #333">
    <b>${title}</b><p>Lyon, ${day(-1)}</p></div></body>`, { width: 640, height: 420, type: 'jpeg' });
}

/** The client's car contract, signed with the code of the e-mail, its justificatifs sent. */
async function activeContract(page, staffPage) {
  const priced = expectStatus(await call(page, 'POST', '/api/prices', { product: 'car', answers: carAnswers, needs: { covers: ['glass'], deductible: 'medium' } }), 200, 'prix');
  expectStatus(await call(page, 'POST', `/api/prices/${priced.id}/keep`, { key: priced.key }), 200, 'prix gardés');
  const made = expectStatus(await call(page, 'POST', '/api/contracts', {
    priceId: priced.recommended.id, startDate: day(1), address: '12 rue des Lilas', postalCode: '69002', city: 'Lyon', registration: 'AB-123-CD',
    policyholder: { firstName: 'Julie', lastName: 'Sinistre', birthDate: '1990-02-03', phone: '06 39 98 12 35' },
  }), 201, 'contrat');
  const id = made.contract.id;
  expectStatus(await call(page, 'POST', `/api/contracts/${id}/signature-code`), 202, 'code');
  const code = (await outboxMail(env.server.db, client, 'contract-code')).text.match(/^\s*(\d{6})\s*$/m)?.[1];
  assert.ok(code, 'le code de signature');
  expectStatus(await call(page, 'POST', `/api/contracts/${id}/signature`, {
    code, holder: 'Julie Moreau', iban: 'FR76 3000 6000 0112 3456 7890 189', accept: ['sepa', ...made.contract.documents.map((d) => d.kind)],
  }), 200, 'signature');
  const paper = await photo(env.browser, 'JUSTIFICATIF', '#e8eef5');
  for (const kind of ['licence', 'registration', 'record']) {
    const res = await page.evaluate(async ({ id, kind, bytes }) => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], `${kind}.jpg`, { type: 'image/jpeg' }));
      const r = await fetch(`/api/contracts/${id}/proofs/${kind}`, { method: 'POST', body: form });
      return { status: r.status, body: await r.json().catch(() => null) };
    }, { id, kind, bytes: [...paper] });
    expectStatus(res, 201, `justificatif ${kind}`);
    expectStatus(await call(staffPage, 'POST', `/api/desk/contracts/${id}/proofs/${kind}/review`, { accept: true }), 200, `vérification ${kind}`);
  }
  const active = expectStatus(await call(page, 'GET', `/api/contracts/${id}`), 200, 'contrat actif');
  assert.equal(active.contract.status, 'active');
  // A contract signed online starts tomorrow at the earliest: the loss
  // must happen under a contract already running, so this one is made
  // to have started a month ago, as if signed then.
  execFileSync('sqlite3', [env.server.db, `UPDATE contracts SET start_date = '${day(-30)}' WHERE id = '${id}'`]);
  return active.contract;
}

/** Checks a radio button by its label inside the group of legend. */
async function choose(page, legend, label) {
  await page.getByRole('group', { name: legend }).getByRole('radio', { name: label, exact: true }).check();
}

/** Fills the date input of label by the keys, as a person does. */
async function date(page, label, iso) {
  await page.getByLabel(label).focus();
  await typeDate(page, iso);
}

/**
 * Presses Tab until the focused element's name (label, aria-label or
 * text) matches test, unless it already does; fails after max presses.
 */
async function tabTo(page, test, max = 60) {
  for (let i = 0; i <= max; i++) {
    if (i > 0) await page.keyboard.press('Tab');
    const found = await page.evaluate((src) => {
      const el = document.activeElement;
      if (!el || el === document.body) return false;
      const name = [el.getAttribute('aria-label'), el.textContent, el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent]
        .filter(Boolean).map((t) => t.trim()).join(' | ');
      return name.split(' | ').some((part) => new RegExp(src).test(part));
    }, test.source);
    if (found) return;
  }
  throw new Error(`aucun élément « ${test} » au clavier`);
}

/** The claim's page as the client reads it: its steps' text. */
async function clientReads(page, id, status) {
  await page.goto(`${env.server.url}/mes-sinistres/${id}`);
  await heading(page, `Sinistre ${state.ref}`);
  await page.locator('.claim-status').filter({ hasText: status }).first().waitFor();
  return page.getByRole('region', { name: 'Suivi du dossier' }).innerText();
}

describe('claims', () => {
  test('a client with an active car contract declares a collision with three pictures', async () => {
    await createUser(env.server.db, agent, 'Thomas Conseiller', 'agent');
    const staff = await newPage(env.browser);
    await signIn(staff.page, env.server.url, agent);
    const { page, errors } = await newPage(env.browser);
    await registerClient(page, env.server.url, client, 'Julie Moreau');
    const contract = await activeContract(page, staff.page);
    state.clientPage = page;
    state.agentPage = staff.page;

    await page.goto(`${env.server.url}/mes-contrats/${contract.id}`);
    await page.getByRole('link', { name: /Déclarer un sinistre/ }).click();
    await heading(page, 'Déclarer un sinistre');
    const picked = page.getByRole('group', { name: 'Le contrat concerné' }).getByRole('radio', { name: new RegExp(contract.number) });
    assert.ok(await picked.isChecked(), 'le contrat de la page est déjà choisi');
    await page.getByRole('button', { name: 'Continuer' }).click();

    await choose(page, 'Ce qui s’est passé', 'Accident ou accrochage');
    await page.getByText('5\u00a0jours ouvrés', { exact: false }).first().waitFor();
    await date(page, 'Date du sinistre', day(-1));
    await page.getByLabel('Lieu du sinistre (adresse ou commune)').fill('Parking du Carrefour, Lyon 3e');
    await choose(page, 'Y a-t-il des blessés\u00a0?', 'Oui');
    await page.getByRole('link', { name: /15/ }).first().waitFor(); // the emergency numbers come first
    await choose(page, 'Y a-t-il des blessés\u00a0?', 'Non');
    await choose(page, 'Un autre véhicule ou une autre personne est-il en cause\u00a0?', 'Oui');
    await page.getByLabel('Nom de l’autre conducteur (facultatif)').fill('Jean Dupont');
    await page.getByLabel('Immatriculation de l’autre véhicule (facultatif)').fill('EF-456-GH');
    await choose(page, 'Avez-vous rempli un constat amiable\u00a0?', 'Oui, signé par les deux conducteurs (joignez sa photo)');
    await page.getByLabel('Où se trouve le véhicule maintenant\u00a0? (facultatif)').fill('Devant chez moi');
    await page.getByLabel('Racontez ce qui s’est passé').fill('En sortant du parking, une voiture a reculé dans mon pare-chocs arrière.');
    await page.getByRole('button', { name: 'Continuer' }).click();

    await page.getByText('la photo du constat amiable, recto et verso').waitFor();
    await page.getByLabel('Photos et documents').setInputFiles([
      { name: 'pare-chocs.jpg', mimeType: 'image/jpeg', buffer: await photo(env.browser, 'Pare-chocs arrière', '#c9d6e3') },
      { name: 'vue-ensemble.jpg', mimeType: 'image/jpeg', buffer: await photo(env.browser, 'Vue d’ensemble', '#d8e3c9') },
      { name: 'constat.jpg', mimeType: 'image/jpeg', buffer: await photo(env.browser, 'CONSTAT AMIABLE', '#f3e9c6') },
    ]);
    await page.getByRole('button', { name: 'Envoyer ma déclaration' }).click();
    await page.waitForURL(/\/mes-sinistres\/[^/]+$/);
    state.id = new URL(page.url()).pathname.split('/').pop();
    const title = await heading(page, /^Sinistre SN-\d{4}-\d{6}$/);
    state.ref = title.replace('Sinistre ', '');
    const files = page.getByRole('region', { name: 'Photos et documents' });
    for (const name of ['pare-chocs.jpg', 'vue-ensemble.jpg', 'constat.jpg']) await files.getByText(name).first().waitFor();
    await page.getByText('Délai légal de déclaration', { exact: false }).first().waitFor();

    const receipt = await mailTo(client, 'claim-declared');
    assert.match(receipt.subject, new RegExp(`${state.ref} est reçue`));
    assert.match(receipt.text, /Délai légal de déclaration/);
    assert.match(receipt.text, new RegExp(`/mes-sinistres/${state.id}`));
    assert.deepEqual(errors, []);
  });

  test('the agent sees the pictures, transmits the claim and asks for a piece', async () => {
    assert.ok(state.ref, 'the claim exists');
    const page = state.agentPage;
    await page.goto(`${env.server.url}/dashboard/requests/${state.id}`);
    await heading(page, new RegExp(state.ref));
    const pictures = page.locator(`img[src*="/api/claims/${state.id}/files/"]`);
    await pictures.first().waitFor();
    assert.equal(await pictures.count(), 3);
    for (let i = 0; i < 3; i++) {
      await pictures.nth(i).scrollIntoViewIfNeeded();
      // Loaded (or failed) first: a thumbnail (loading="lazy") may still be on its way.
      const shown = await pictures.nth(i).evaluate((img) => new Promise((done) => {
        const settled = () => done(img.complete && img.naturalWidth > 0);
        if (img.complete) settled();
        else {
          img.addEventListener('load', settled, { once: true });
          img.addEventListener('error', settled, { once: true });
        }
      }));
      assert.ok(shown, `la photo ${i + 1} s'affiche`);
    }
    await page.getByRole('button', { name: 'Prendre en charge' }).click();
    const moves = page.getByRole('group', { name: 'Nouvelle étape' });
    await moves.waitFor();
    await moves.getByRole('radio', { name: 'Transmis à l’assureur' }).check();
    await page.getByLabel('Numéro de sinistre de l’assureur').fill('MFO-778812');
    await page.getByRole('button', { name: 'Enregistrer l’étape' }).click();
    await page.locator('header .status-pill').filter({ hasText: 'Transmis à l’assureur' }).waitFor();
    await moves.getByRole('radio', { name: 'En attente de pièces' }).check();
    await page.getByLabel('Pièce demandée au client').fill('La photo du verso du constat amiable, avec les deux signatures.');
    await page.getByRole('button', { name: 'Enregistrer l’étape' }).click();
    await page.locator('header .status-pill').filter({ hasText: 'En attente de pièces' }).waitFor();

    const transmitted = await mailTo(client, 'claim-transmitted');
    assert.match(transmitted.text, /MFO-778812/);
    const asked = await mailTo(client, 'claim-pieces');
    assert.match(asked.text, /verso du constat\s+amiable/);
  });

  test('the client sends the piece asked, and the claim goes back to the insurer', async () => {
    assert.ok(state.ref, 'the claim exists');
    const page = state.clientPage;
    await page.goto(`${env.server.url}/mes-sinistres/${state.id}`);
    await heading(page, `Sinistre ${state.ref}`);
    const box = page.getByRole('region', { name: 'Pièces demandées' });
    await box.getByText('verso du constat amiable', { exact: false }).waitFor();
    await box.getByLabel('Envoyer les pièces demandées').setInputFiles([
      { name: 'constat-verso.jpg', mimeType: 'image/jpeg', buffer: await photo(env.browser, 'CONSTAT — VERSO', '#f3e9c6') },
    ]);
    await box.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await page.getByText('Merci', { exact: false }).first().waitFor();
    const steps = await clientReads(page, state.id, 'Transmis à l’assureur');
    assert.match(steps, /constat-verso\.jpg/);
  });

  test('the agent closes it « Indemnisé » with the amount, and the client reads it', async () => {
    assert.ok(state.ref, 'the claim exists');
    const page = state.agentPage;
    await page.goto(`${env.server.url}/dashboard/requests/${state.id}`);
    await heading(page, new RegExp(state.ref));
    const pictures = page.locator(`img[src*="/api/claims/${state.id}/files/"]`);
    await pictures.nth(3).waitFor();
    assert.equal(await pictures.count(), 4);
    // The insurer's word on responsibility, for the bonus-malus at renewal: with the keyboard.
    const bm = page.getByRole('form', { name: 'Bonus-malus' });
    const save = bm.getByRole('button', { name: 'Enregistrer la responsabilité' });
    assert.equal(await save.isDisabled(), true, 'nothing to save while unchanged');
    await bm.getByLabel('Responsabilité retenue par l’assureur').focus();
    await page.keyboard.press('ArrowDown'); // « Aucune »
    await page.keyboard.press('ArrowDown'); // « Partagée »
    await save.focus();
    await page.keyboard.press('Enter');
    await bm.getByRole('status').filter({ hasText: 'Responsabilité enregistrée\u00a0: partagée.' }).waitFor();
    const staffView = await page.evaluate(async (id) => (await fetch(`/api/desk/requests/${id}/claim`)).json(), state.id);
    assert.equal(JSON.stringify(staffView).includes('"responsibility":"shared"'), true, 'the claim records « shared »');
    await page.getByRole('group', { name: 'Nouvelle étape' }).getByRole('radio', { name: 'Indemnisé' }).check();
    await page.getByLabel('Montant de l’indemnité').fill('1 250,50');
    await page.getByRole('button', { name: 'Enregistrer l’étape' }).click();
    await page.locator('header .status-pill').filter({ hasText: 'Indemnisé' }).waitFor();

    const paid = await mailTo(client, 'claim-indemnified');
    assert.match(paid.text, /1.250,50.€/); // the plain text writes the no-break spaces as spaces
    const client_ = state.clientPage;
    const steps = await clientReads(client_, state.id, 'Indemnisé');
    for (const part of ['Nous avons bien reçu votre déclaration', 'MFO-778812', 'verso du constat', 'constat-verso.jpg', '1\u202f250,50\u00a0€',
      'Responsabilité retenue par l’assureur\u00a0: partagée']) {
      assert.ok(steps.includes(part), `« ${part} » dans le suivi : ${steps}`);
    }
    await client_.goto(`${env.server.url}/mes-sinistres`);
    await heading(client_, 'Mes sinistres');
    const card = client_.locator('article', { hasText: state.ref });
    assert.match(await card.innerText(), /Indemnisé/);
  });

  test('a visitor with a contract elsewhere signs up, then declares a water damage', async () => {
    const { page, errors } = await newPage(env.browser);
    await page.goto(`${env.server.url}/sinistres/declarer`);
    await heading(page, 'Connexion');
    assert.equal(new URL(page.url()).searchParams.get('next'), '/sinistres/declarer');
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await heading(page, /Créer/);
    await page.getByLabel('Nom affiché').fill('Paul Lefèvre');
    await page.getByLabel('Adresse e-mail').fill(visitor);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByLabel('Confirmez le mot de passe').fill(password);
    await page.getByRole('button', { name: /Créer mon compte/ }).click();
    await heading(page, 'Déclarer un sinistre');

    await page.getByRole('radio', { name: 'Un contrat souscrit ailleurs' }).check();
    await page.getByLabel('Votre assureur').fill('Assurances du Rhône');
    await page.getByLabel('Numéro de votre contrat').fill('HAB-2024-88123');
    await page.getByLabel('Ce qu’il assure').selectOption({ label: 'Habitation' });
    await page.getByRole('button', { name: 'Continuer' }).click();
    await choose(page, 'Ce qui s’est passé', 'Dégât des eaux');
    await date(page, 'Date du sinistre', day(-2));
    await page.getByLabel('Lieu du sinistre (adresse ou commune)').fill('8 rue Mercière, Lyon');
    await page.getByLabel('Pièces ou biens touchés').fill('Cuisine et couloir');
    await choose(page, 'La fuite est-elle arrêtée\u00a0?', 'Non');
    await page.getByText('coupez', { exact: false }).first().waitFor(); // cut the water first
    await choose(page, 'La fuite est-elle arrêtée\u00a0?', 'Oui');
    await choose(page, 'D’où vient l’eau\u00a0?', 'De chez un voisin');
    await page.getByLabel('Nom et adresse du voisin concerné (facultatif)').fill('M. Girard, 3e étage');
    await page.getByLabel('Racontez ce qui s’est passé').fill('De l’eau coule du plafond de la cuisine depuis hier soir, le voisin du dessus a une fuite.');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel('Photos et documents').setInputFiles([
      { name: 'plafond.jpg', mimeType: 'image/jpeg', buffer: await photo(env.browser, 'Plafond taché', '#d9d0c3') },
    ]);
    await page.getByRole('button', { name: 'Envoyer ma déclaration' }).click();
    await page.waitForURL(/\/mes-sinistres\/[^/]+$/);
    const title = await heading(page, /^Sinistre SN-\d{4}-\d{6}$/);
    const ref = title.replace('Sinistre ', '');
    await page.getByRole('region', { name: 'Photos et documents' }).getByText('plafond.jpg').first().waitFor();
    const mail = await outboxMail(env.server.db, visitor, 'claim-declared', (m) => m.subject.includes(ref));
    assert.match(mail.text, /Assurances du Rhône/);
    assert.deepEqual(errors, []);
  });

  test('at 375 px with the keyboard alone, the client declares a broken windscreen', async () => {
    assert.ok(state.id, 'the client exists');
    const { page, context, errors } = await newPage(env.browser, { width: 375, height: 800 });
    await context.addCookies(await state.clientPage.context().cookies());
    await page.goto(`${env.server.url}/sinistres/declarer`);
    await heading(page, 'Déclarer un sinistre');
    await tabTo(page, /CT-2026-/);
    await page.keyboard.press('Space');
    await tabTo(page, /^Continuer$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Étape 2/ }).waitFor();
    await tabTo(page, /Accident ou accrochage/);
    await page.keyboard.press('ArrowDown'); // Vol ou tentative de vol
    await page.keyboard.press('ArrowDown'); // Bris de glace
    assert.ok(await page.getByRole('radio', { name: 'Bris de glace' }).isChecked());
    await tabTo(page, /Date du sinistre/);
    await typeDate(page, day(0));
    await tabTo(page, /Lieu du sinistre/);
    await page.keyboard.type('A7, sortie Vienne');
    await tabTo(page, /Racontez ce qui/);
    await page.keyboard.type('Un gravillon a fissuré le pare-brise sur l’autoroute.');
    await tabTo(page, /^Continuer$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Étape 3/ }).waitFor();
    await tabTo(page, /^Envoyer ma déclaration$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/mes-sinistres\/[^/]+$/);
    await heading(page, /^Sinistre SN-\d{4}-\d{6}$/);
    await page.getByText('Bris de glace', { exact: false }).first().waitFor();
    assert.equal(await overflows(page), false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the declaration, the claim and the desk at 375 and 1280 px in both themes: axe clean, no sideways scroll', async () => {
    assert.ok(state.id, 'the claim exists');
    for (const width of [375, 1280]) {
      // bypassCSP lets the test inject axe; the site's own scripts are unchanged.
      const context = await env.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, reducedMotion: 'reduce', locale: 'fr-FR' });
      const page = await context.newPage();
      for (const [who, path, name] of [
        [state.clientPage, '/sinistres/declarer', 'declaration'],
        [state.clientPage, `/mes-sinistres/${state.id}`, 'claim'],
        [state.clientPage, '/mes-sinistres', 'claims'],
        [state.agentPage, `/dashboard/requests/${state.id}`, 'desk'],
      ]) {
        await context.clearCookies();
        await context.addCookies(await who.context().cookies());
        await page.goto(env.server.url + path);
        await heading(page);
        if (name === 'desk') await page.locator(`img[src*="/api/claims/${state.id}/files/"]`).first().waitFor();
        assert.equal(await overflows(page), false, `${path} défile de côté à ${width} px`);
        assert.deepEqual(await axeBothThemes(page, { each: (theme) => keepShot(page, `claims-${name}-${width}-${theme}.png`) }), [], `${path} à ${width} px`);
      }
      await context.close();
    }
  });
});
