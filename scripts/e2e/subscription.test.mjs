// The online subscription through the browser and the real server, as a
// client lives it: a visitor prices a car, signs up and keeps the prices,
// « Souscrire », the three steps, the documents read, the SEPA mandate,
// the code of the outbox, « Signer »; the three justificatifs sent, one
// refused by an agent and sent again, the contract « Actif », its
// documents downloaded and read with pdftotext; « Résilier votre contrat »
// in three steps with the acknowledgement in the outbox; a second contract
// withdrawn. The car priced in 69002 is subscribed with an address in
// 13001: the price is computed again, shown, signed, and the
// Conditions particulières print the legal name and 13001 alone. Then the same pages at 1280 and 375 px, axe clean in both
// themes, at 375 px with the keyboard alone (screenshots with
// COURTIER_E2E_SHOTS, helpers.mjs keepShot).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { axeBothThemes, company, heading, keepShot, newPage, useServerAndBrowser } from './helpers.mjs';
import { mailTo as outboxMail } from './outbox.mjs';
import { call, createUser, password, signIn } from './desk-helpers.mjs';
import { fillCarJourney, overflows } from './price-helpers.mjs';
import { typographyFaults } from './typography-faults.mjs';

const env = useServerAndBrowser();
const mailTo = (email, template) => outboxMail(env.server.db, email, template);
const client = { email: `souscription${Date.now()}@exemple.fr`, name: 'Camille Martin' };
/** The policyholder's legal name as the documents print it: the display name is never one. */
const legal = { firstName: 'Camille', lastName: 'Martin-Roux', name: 'Camille MARTIN-ROUX', birthDate: '1988-06-15', phone: '06 12 34 56 78' };
const agent = `conseil.contrats${Date.now()}@exemple.fr`;
const scratch = mkdtempSync(join(tmpdir(), 'courtier-souscription-'));
/** What the first test leaves to the others: the contracts and the prices. */
const made = { first: '', number: '', quote: '', prices: [] };

/** A day in the broker's time zone, days from today: « 2026-12-04 ». */
function dayFromToday(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A small, valid PDF of one page that says text. */
function pdfBytes(text) {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A small, valid PNG: 16 × 16 pixels of one colour. */
function pngBytes() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 16;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [11, 79, 138]).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** The code of the newest signature mail to the client. */
async function signatureCode() {
  const mail = await mailTo(client.email, 'contract-code');
  const m = /^(\d{6})$/m.exec(mail.text);
  assert.ok(m, `pas de code dans :\n${mail.text}`);
  return m[1];
}

/** Makes and signs a contract of a kept price through the API, as the pages do; resolves to it. */
async function signedThroughApi(page, priceId, sign = true, postalCode = '69002') {
  // No policyholder: the profile holds the one the first subscription gave.
  const created = await call(page, 'POST', '/api/contracts', {
    priceId, startDate: dayFromToday(10), address: '12 rue de la République', postalCode, city: 'Lyon', registration: 'AB-123-CD', rhythm: 'monthly',
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const c = created.body.contract;
  if (!sign) return c;
  const sent = await call(page, 'POST', `/api/contracts/${c.id}/signature-code`);
  assert.equal(sent.status, 202, JSON.stringify(sent.body));
  // The newest mail is this contract's: its number is in it.
  const deadline = Date.now() + 10000;
  let code;
  while (!code) {
    const mail = await mailTo(client.email, 'contract-code');
    if (mail.text.includes(c.number)) code = /^(\d{6})$/m.exec(mail.text)?.[1];
    else if (Date.now() > deadline) throw new Error(`pas de code pour ${c.number}`);
    else await new Promise((r) => setTimeout(r, 100));
  }
  const accept = [...c.documents.filter((d) => !d.signed).map((d) => d.kind), 'sepa'];
  const signed = await call(page, 'POST', `/api/contracts/${c.id}/signature`, { code, holder: client.name, iban: 'FR7630006000011234567890189', accept });
  assert.equal(signed.status, 200, JSON.stringify(signed.body));
  return signed.body.contract;
}

/** A file chosen for a justificatif, then « Envoyer »; waits for « En cours de vérification ». */
async function sendProof(page, label, file) {
  const item = page.locator('.contract-proof').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
  await item.locator('input[type="file"]').setInputFiles(file);
  await item.getByRole('button', { name: /^Envoyer «/ }).click();
  await item.locator('.proof-status', { hasText: 'En cours de vérification' }).waitFor();
}

/** The text of a PDF downloaded by clicking link. */
async function downloadedText(page, link) {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = join(scratch, download.suggestedFilename());
  await download.saveAs(file);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The signed document titled title: its « Télécharger » link. */
function downloadLink(page, title) {
  return page.locator('.contract-doc').filter({ has: page.locator('.contract-doc-title', { hasText: new RegExp(`^${title}$`) }) }).first().getByRole('link', { name: /^Télécharger/ });
}

describe('subscription', () => {
  test('a visitor prices a car, signs up, subscribes, signs with the code, sends the justificatifs, cancels; a second contract is withdrawn', async (t) => {
    const { page, context, errors } = await newPage(env.browser);
    const typos = [];
    const typo = async (where) => typos.push(...(await typographyFaults(page)).map((f) => `${where}: ${f}`));
    await page.goto(env.server.url + '/insurance/car');
    await heading(page, 'Assurance auto et moto');
    await page.getByRole('link', { name: 'Obtenir mon prix', exact: true }).click();
    await heading(page, 'Votre prix d’assurance auto');
    await fillCarJourney(page);
    await page.locator('.price-card').nth(1).getByRole('button', { name: /Je choisis cette offre/ }).click();
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await heading(page, 'Inscription');
    await page.getByLabel('Nom affiché').fill(client.name);
    await page.getByLabel('Adresse e-mail').fill(client.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByLabel('Confirmez le mot de passe').fill(password);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL((u) => u.pathname === '/my-quotes');
    const kept = page.getByRole('region', { name: 'Mes prix en ligne' });
    await kept.getByRole('link', { name: /^Souscrire/ }).click();

    // The three steps: a start too early is refused next to the field.
    await page.waitForURL((u) => u.pathname === '/souscrire');
    await heading(page, 'Souscrire en ligne');
    made.quote = new URL(page.url()).searchParams.get('prix').replace(/-[^-]*$/, '');
    await page.getByRole('heading', { name: /Étape 1\s+sur 4/ }).waitFor();
    await page.getByLabel('Date de début du contrat').fill(dayFromToday(0));
    await page.getByRole('button', { name: 'Continuer' }).click();
    assert.match(await page.locator('#debut-erreur').innerText(), /^Le contrat peut commencer au plus tôt demain, le /);
    await page.getByLabel('Date de début du contrat').fill(dayFromToday(7));
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('heading', { name: /Étape 2\s+sur 4/ }).waitFor();
    assert.equal(await page.getByLabel('Code postal').inputValue(), '69002');
    assert.equal(await page.getByLabel('Prénom').inputValue(), '');
    await page.getByLabel('Votre adresse').fill('12 rue de la République');
    await page.getByLabel('Code postal').fill('13001');
    await page.getByLabel('Ville').fill('Marseille');
    await page.getByLabel('Immatriculation du véhicule').fill('ab 123 cd');
    // The policyholder: a minor and a wrong phone are refused next to their fields.
    await page.getByLabel('Prénom').fill(legal.firstName);
    await page.getByLabel('Nom', { exact: true }).fill(legal.lastName);
    await page.getByLabel('Date de naissance').fill(dayFromToday(-365 * 10));
    await page.getByLabel('Téléphone').fill('12 34');
    await page.getByRole('button', { name: 'Continuer' }).click();
    assert.match(await page.locator('#naissance-erreur').innerText(), /doit être majeur/);
    assert.match(await page.locator('#telephone-erreur').innerText(), /numéro de téléphone valide/);
    await page.getByLabel('Date de naissance').fill(legal.birthDate);
    await page.getByLabel('Téléphone').fill(legal.phone);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('heading', { name: /Étape 3\s+sur 4/ }).waitFor();
    assert.equal(await page.getByRole('radio', { name: /Chaque mois/ }).isChecked(), true);
    await page.getByRole('button', { name: 'Voir mes documents et signer' }).click();

    // The documents, the mandate, the code, « Signer ».
    await page.waitForURL((u) => /^\/mes-contrats\/[^/]+\/signature$/.test(u.pathname));
    await heading(page, 'Signature de votre contrat');
    const id = page.url().split('/').at(-2);
    made.first = id;
    // Priced in 69002, subscribed in 13001: the new price, the difference and what changed, before signing.
    const contract = (await call(page, 'GET', `/api/contracts/${id}`)).body.contract;
    const chosen = (await call(page, 'GET', `/api/prices/${made.quote}`)).body.quote.prices.find((p) => p.id === contract.sourceId);
    assert.equal(contract.repriced, true);
    assert.deepEqual(contract.policyholder, { firstName: legal.firstName, lastName: legal.lastName, birthDate: legal.birthDate, phone: '0612345678' });
    const r = contract.risk.repricing;
    assert.notEqual(r.toYearlyCents, r.fromYearlyCents);
    assert.equal(r.toYearlyCents, contract.yearlyCents);
    assert.equal(r.fromYearlyCents, chosen.yearlyCents);
    const notice = page.getByRole('region', { name: 'Votre prix a été recalculé' });
    const noticeText = await notice.innerText();
    const euros = (cents) => `${(cents / 100).toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f')}\u00a0€`;
    assert.ok(noticeText.includes(euros(r.fromYearlyCents)), `${noticeText} sans ${euros(r.fromYearlyCents)}`);
    assert.ok(noticeText.includes(euros(r.toYearlyCents)), `${noticeText} sans ${euros(r.toYearlyCents)}`);
    assert.ok(noticeText.includes(euros(Math.abs(r.diffYearlyCents))), `${noticeText} sans la différence`);
    assert.match(noticeText, /Code postal du lieu de stationnement\s:\s69002 → 13001/);
    await notice.getByText('Pourquoi ce nouveau prix').click();
    assert.ok((await notice.locator('.contract-trace li').count()) >= 2);
    assert.match(await page.locator('.contract-offer').innerText(), new RegExp(legal.name));
    const docs = page.locator('.contract-read-link');
    await docs.first().waitFor();
    assert.equal(await docs.count(), 4);
    assert.match((await docs.allInnerTexts()).join('\n'), /Fiche d’information et de conseil[\s\S]*Conditions particulières/);
    for (const a of await docs.all()) assert.equal(await a.getAttribute('target'), '_blank');
    const pdf = await context.request.get(env.server.url + (await docs.nth(1).getAttribute('href')));
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    for (const box of await page.getByRole('checkbox', { name: /^J’ai lu et j’accepte le document/ }).all()) await box.check();
    assert.equal(await page.getByLabel('Titulaire du compte').inputValue(), legal.name);
    const iban = page.getByLabel('IBAN', { exact: true });
    await iban.fill('FR76 3000 6000 0112 3456 7890 188');
    await iban.press('Tab');
    assert.equal(await page.locator('#iban-erreur').innerText(), 'La clé de contrôle de l’IBAN est fausse\u00a0: vérifiez-le.');
    await iban.fill('fr7630006000011234567890189');
    await iban.press('Tab');
    assert.equal(await iban.inputValue(), 'FR76 3000 6000 0112 3456 7890 189');
    assert.equal(await page.locator('#iban-erreur').count(), 0);
    const schedule = page.getByRole('table', { name: 'Vos prélèvements de la première année' });
    assert.equal(await schedule.locator('tbody tr').count(), 12);
    assert.match(await schedule.locator('tbody tr').first().innerText(), /\d{1,2}(er)?\s\S+ \d{4}\s+\d+,\d{2}\u00a0€/);
    assert.match(await page.locator('.contract-prenotice').innerText(), /pré-notification/);
    await typo('signature');
    await page.getByRole('checkbox', { name: /J’autorise le prélèvement SEPA/ }).check();
    await page.getByRole('button', { name: 'Recevoir mon code' }).click();
    await page.getByText(/Code demandé à\s\d{2}:\d{2}\spour\ss•••@exemple\.fr/).waitFor();
    // The minute's count starts once the code is drawn, a moment later: the button is held from then.
    await page.getByText(/Un nouveau code peut être demandé dans\s\d+\ss\./).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Recevoir un nouveau code' }).isDisabled(), true);
    // Asked again within the minute, the server refuses too (outside the page, whose console stays clean).
    const again = await context.request.post(`${env.server.url}/api/contracts/${id}/signature-code`);
    assert.equal(again.status(), 429);
    assert.match((await again.json()).error, /attendez une minute/);
    await page.getByLabel('Code reçu par e-mail').fill(await signatureCode());
    await page.getByRole('button', { name: 'Signer' }).click();

    // The confirmation: number, status, what next, the documents.
    await page.getByRole('heading', { name: 'Votre contrat est signé' }).waitFor();
    const done = page.locator('.contract-done');
    made.number = /CT-\d{4}-\d{6}/.exec(await done.locator('.contract-done-number').innerText())[0];
    assert.match(await done.locator('.contract-done-number').innerText(), /En attente de justificatifs/);
    assert.match(await done.innerText(), /Permis de conduire/);
    assert.ok(await done.locator('.contract-doc').count() >= 4);
    await typo('contrat signé');
    await done.getByRole('link', { name: 'Envoyer mes justificatifs' }).click();

    // The three justificatifs.
    await heading(page, `Contrat n°\u00a0${made.number}`);
    await page.locator('#justificatifs').waitFor();
    await sendProof(page, 'Permis de conduire', { name: 'permis.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Permis de conduire') });
    await sendProof(page, 'Certificat d’immatriculation (carte grise)', { name: 'carte-grise.png', mimeType: 'image/png', buffer: pngBytes() });
    await sendProof(page, 'Relevé d’information de votre assureur précédent', { name: 'releve.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Releve d information') });
    const attachment = await context.request.get(`${env.server.url}/api/contracts/${id}/documents/${(await call(page, 'GET', `/api/contracts/${id}`)).body.contract.documents[0].id}?download=1`);
    assert.equal(attachment.headers()['content-type'], 'application/pdf');
    assert.match(attachment.headers()['content-disposition'], /^attachment/);

    // An agent accepts two and refuses one with its reason.
    await createUser(env.server.db, agent, 'Alice Conseil', 'agent');
    const staff = await newPage(env.browser);
    await signIn(staff.page, env.server.url, agent);
    const review = (kind, body) => call(staff.page, 'POST', `/api/desk/contracts/${id}/proofs/${kind}/review`, body);
    assert.equal((await review('licence', { accept: true })).status, 200);
    assert.equal((await review('registration', { accept: true })).status, 200);
    const reason = 'Ce relevé date de plus de trois mois : envoyez un relevé récent.';
    assert.equal((await review('record', { accept: false, reason })).status, 200);

    // The client sees the reason and sends the record again.
    await page.reload();
    await heading(page, `Contrat n°\u00a0${made.number}`);
    const record = page.locator('.contract-proof').filter({ hasText: 'Relevé d’information' });
    assert.match(await record.locator('.contract-refusal').innerText(), /Motif du refus\u00a0: Ce relevé date de plus de trois mois/);
    assert.match(await record.locator('.proof-status').innerText(), /Refusé$/);
    await typo('justificatif refusé');
    await record.getByLabel(/Envoyer un nouveau fichier/).setInputFiles({ name: 'releve-recent.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Releve recent') });
    await record.getByRole('button', { name: /^Envoyer «/ }).click();
    await record.locator('.proof-status', { hasText: 'En cours de vérification' }).waitFor();
    assert.equal((await review('record', { accept: true })).status, 200);
    assert.deepEqual(staff.errors, []);
    await staff.context.close();

    // « Actif »; the conditions particulières and the Mémo name the contract and the client.
    await page.reload();
    await heading(page, `Contrat n°\u00a0${made.number}`);
    assert.match(await page.locator('.page-header .contract-status').innerText(), /Actif$/);
    for (const title of ['Conditions particulières', 'Mémo Véhicule Assuré']) {
      const text = await downloadedText(page, downloadLink(page, title));
      assert.ok(text.includes(made.number), `${title} sans ${made.number}`);
      assert.ok(text.includes(legal.name), `${title} sans ${legal.name}`);
      assert.ok(!text.includes(client.name), `${title} nomme le compte, pas le souscripteur`);
      if (title === 'Conditions particulières') {
        assert.ok(text.includes('13001'), 'Conditions particulières sans 13001');
        // 69002 is printed only in the broker's own address, in the header.
        const flat = text.replace(/\s+/g, ' ');
        assert.equal(flat.split('69002').length, flat.split(`${company.address}, ${company.postalCode}`).length, 'Conditions particulières avec deux codes postaux');
        assert.match(flat, /Code postal du lieu de stationnement 13001/);
        assert.ok(flat.includes('06 12 34 56 78'), 'Conditions particulières sans téléphone');
        const yearly = (await call(page, 'GET', `/api/contracts/${id}`)).body.contract.yearlyCents;
        assert.ok(text.replace(/\s/g, ' ').includes(euros(yearly).replace(/\s/g, ' ')), `Conditions particulières sans ${euros(yearly)}`);
      }
    }
    assert.match(await page.getByRole('table', { name: 'Échéancier de la première année' }).innerText(), /€/);
    assert.match(await page.locator('.contract-iban').innerText(), /^FR76 •••• •••• •••• •••• •••• 189$/);

    // « Résilier votre contrat » in three steps.
    await page.getByRole('link', { name: 'Résilier votre contrat' }).first().click();
    await heading(page, 'Résilier votre contrat');
    await page.getByRole('heading', { name: /Étape 1\s+sur 3/ }).waitFor();
    assert.match(await page.locator('.contract-cancel').innerText(), new RegExp(`${legal.name}[\\s\\S]*${client.email.replace(/[.]/g, '\\.')}[\\s\\S]*${made.number}`));
    // Signed today: the withdrawal is offered first, the cancellation beside it.
    assert.match(await page.locator('.contract-withdraw-offer').innerText(), /Vous pouvez encore vous rétracter, jusqu’au/);
    await page.getByRole('button', { name: 'Résilier plutôt' }).click();
    await page.getByRole('heading', { name: /Étape 2\s+sur 3/ }).waitFor();
    await page.getByRole('radio', { name: 'À l’échéance' }).check();
    await page.locator('.contract-preview', { hasText: 'prendrait fin le' }).waitFor();
    assert.match(await page.locator('.contract-preview').innerText(), /L113-12/);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('heading', { name: /Étape 3\s+sur 3/ }).waitFor();
    await typo('résiliation, récapitulatif');
    const summary = await page.locator('.contract-cancel').innerText();
    assert.match(summary, /Fin du contrat/);
    await page.getByRole('button', { name: 'Confirmer ma demande de résiliation' }).click();
    await page.getByRole('heading', { name: 'Votre demande de résiliation est enregistrée' }).waitFor();
    assert.match(await page.locator('.contract-done').innerText(), new RegExp(`Un accusé de réception est en cours d’envoi par e-mail à ${client.email.replace(/[.]/g, '\\.')}`));
    const ack = await mailTo(client.email, 'contract-cancel-requested');
    assert.ok(ack.text.includes(made.number));

    // A second contract, signed, then withdrawn with one click and its confirmation.
    const quote = (await call(page, 'GET', `/api/prices/${made.quote}`)).body.quote;
    made.prices = quote.prices.map((p) => p.id);
    const first = (await call(page, 'GET', `/api/contracts/${id}`)).body.contract;
    made.prices = made.prices.filter((p) => p !== first.sourceId);
    const second = await signedThroughApi(page, made.prices[0]);
    await page.goto(`${env.server.url}/mes-contrats/${second.id}`);
    await heading(page, `Contrat n°\u00a0${second.number}`);
    await page.getByRole('link', { name: /^Me rétracter/ }).click();
    await heading(page, 'Me rétracter');
    const letter = await page.locator('.contract-letter').innerText();
    assert.match(letter, new RegExp(`^Je soussigné\\(e\\) ${legal.name}, demeurant 12\u00a0rue de la République, 69002\u00a0Lyon, déclare renoncer au contrat n°\u00a0${second.number}`));
    assert.match(await page.locator('.contract-section').innerText(), /reste due/);
    await page.getByRole('button', { name: 'Me rétracter' }).click();
    await typo('rétractation');
    await page.getByRole('button', { name: 'Oui, je me rétracte' }).click();
    await page.getByRole('heading', { name: 'Votre rétractation est enregistrée' }).waitFor();
    assert.match(await page.locator('.contract-done').innerText(), /Remboursement\s+\d+,\d{2}\u00a0€/);
    await typo('rétractation faite');
    await mailTo(client.email, 'contract-withdrawn');

    // « Mes contrats » lists both, with their status.
    await page.goto(env.server.url + '/mes-contrats');
    await heading(page, 'Mes contrats');
    const cards = page.locator('.contract-card');
    await cards.first().waitFor();
    const all = (await cards.allInnerTexts()).join('\n');
    assert.match(all, new RegExp(`${made.number}[\\s\\S]*`));
    assert.match(all, /Résiliation demandée/);
    assert.match(all, /Rétracté/);
    await typo('mes contrats');
    // The justificatifs' names and the cancellation's terms are written by Go: checked too.
    assert.deepEqual(typos, []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the pages at 1280 and 375 px, axe clean in both themes, with the keyboard at 375 px', async (t) => {
    assert.ok(made.first, 'the first test made the contracts');
    // A third contract signed (to cancel here) and a fourth to sign.
    const setup = await newPage(env.browser);
    await signIn(setup.page, env.server.url, client.email);
    const third = await signedThroughApi(setup.page, made.prices[1]);
    const fourth = await signedThroughApi(setup.page, made.prices[2], false, '13001');
    assert.equal(fourth.repriced, true);
    await setup.context.close();

    const failures = [];
    const typos = [];
    // The keyboard's run last: it confirms the cancellation the others only show.
    for (const width of [1280, 375]) {
      const context = await env.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, reducedMotion: 'reduce', locale: 'fr-FR' });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await signIn(page, env.server.url, client.email);
      const suffix = `${width} px`;
      // Each page in both themes (the toggle between them moves no focus).
      const check = async (name) => {
        await page.waitForLoadState('networkidle');
        typos.push(...(await typographyFaults(page)).map((f) => `${name} ${suffix}: ${f}`));
        assert.equal(await overflows(page), false, `${name} défile de côté à ${suffix}`);
        const v = await axeBothThemes(page, { each: (theme) => keepShot(page, `client-${name}-${width}-${theme}.png`) });
        if (v.length) failures.push(`${name} ${suffix}:\n${v.join('\n')}`);
      };
      const keyboard = width === 375;
      /** Tab until the focus is on the element named name, then press key (if any). */
      const tabTo = async (name, key = 'Enter') => {
        for (let i = 0; i < 80; i++) {
          await page.keyboard.press('Tab');
          const text = await page.evaluate(() => {
            const el = document.activeElement;
            return (el?.getAttribute('aria-label') || el?.labels?.[0]?.textContent || el?.textContent || '').trim();
          });
          if (name instanceof RegExp ? name.test(text) : text === name) {
            if (key) await page.keyboard.press(key);
            return;
          }
        }
        throw new Error(`« ${name} » introuvable au clavier`);
      };

      await page.goto(env.server.url + '/mes-contrats');
      await heading(page, 'Mes contrats');
      await page.locator('.contract-card').nth(3).waitFor();
      await check('mes-contrats');

      await page.goto(`${env.server.url}/mes-contrats/${made.first}`);
      await heading(page, /^Contrat n°/);
      await page.locator('.contract-doc').first().waitFor();
      await check('contrat');

      await page.goto(`${env.server.url}/mes-contrats/${fourth.id}/signature`);
      await heading(page, 'Signature de votre contrat');
      await page.locator('.contract-read-link').first().waitFor();
      await page.getByRole('region', { name: 'Votre prix a été recalculé' }).getByText('Pourquoi ce nouveau prix').click();
      if (keyboard) {
        // The boxes, the IBAN (checked when left) and the SEPA box with the keyboard alone.
        await tabTo(/^J’ai lu et j’accepte le document «\u00a0Fiche/, 'Space');
        await tabTo('IBAN', null);
        await page.keyboard.type('FR76 3000 6000 0112 3456 7890 18');
        await page.keyboard.press('Tab');
        await page.locator('#iban-erreur').waitFor();
      }
      await check('signature');

      await page.goto(`${env.server.url}/souscrire?prix=${encodeURIComponent(made.prices[3])}`);
      await heading(page, 'Souscrire en ligne');
      await page.getByRole('heading', { name: /Étape 1\s+sur 4/ }).waitFor();
      await check('souscription');
      await page.getByLabel('Date de début du contrat').fill(dayFromToday(7));
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('heading', { name: /Étape 2\s+sur 4/ }).waitFor();
      // The policyholder comes from the profile.
      assert.equal(await page.getByLabel('Nom', { exact: true }).inputValue(), legal.lastName);
      await check('souscription-2');

      await page.goto(`${env.server.url}/resilier`);
      await heading(page, 'Résilier votre contrat');
      await page.getByRole('heading', { name: /Étape 1\s+sur 3/ }).waitFor();
      await check('resiliation-1');
      // Signed today: « Me rétracter » first, then the cancellation.
      if (keyboard) await tabTo('Résilier plutôt');
      else await page.getByRole('button', { name: 'Résilier plutôt' }).click();
      await page.getByRole('heading', { name: /Étape 2\s+sur 3/ }).waitFor();
      if (keyboard) {
        // The focus is on the step's heading: Tab reaches the reasons.
        assert.match(await page.evaluate(() => document.activeElement?.textContent ?? ''), /Étape 2\s+sur 3/);
        await tabTo('À l’échéance', 'Space');
      } else {
        await page.getByRole('radio', { name: 'À l’échéance' }).check();
      }
      await page.locator('.contract-preview', { hasText: 'prendrait fin le' }).waitFor();
      await check('resiliation-2');
      if (keyboard) await tabTo('Continuer');
      else await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('heading', { name: /Étape 3\s+sur 3/ }).waitFor();
      await check('resiliation-3');
      if (keyboard) {
        await tabTo('Confirmer ma demande de résiliation');
        await page.getByRole('heading', { name: 'Votre demande de résiliation est enregistrée' }).waitFor();
        await check('resiliation-faite');
        assert.ok((await mailTo(client.email, 'contract-cancel-requested')).text.includes(third.number));
      }
      assert.deepEqual(errors, [], `${suffix}`);
      await context.close();
    }
    assert.deepEqual([...failures, ...typos], []);
  });
});
