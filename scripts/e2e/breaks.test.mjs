// Small breaks of the subscription mended (issue 38, point 8), each as a
// client meets it, through the browser and the real server: the
// signature page reloaded finds the code sent and says a refusal to send
// another with its wait; the deletion of an account lists what the law
// keeps (here an open claim) and asks to confirm, and its mail says it
// too. Axe clean in both themes; screenshots with
// COURTIER_E2E_SHOTS (helpers.mjs keepShot).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { axeBothThemes, heading, keepShot, useServerAndBrowser } from './helpers.mjs';
import { call, password, registerClient } from './desk-helpers.mjs';
import { mailTo } from './outbox.mjs';

const env = useServerAndBrowser();
const stamp = Date.now();

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

/** A car contract waiting for its signature, made from a kept price as the pages do. */
export async function pendingContract(page) {
  const priced = expectStatus(await call(page, 'POST', '/api/prices', { product: 'car', answers: carAnswers, needs: { covers: ['glass'], deductible: 'medium' } }), 200, 'prix');
  expectStatus(await call(page, 'POST', `/api/prices/${priced.id}/keep`, { key: priced.key }), 200, 'prix gardés');
  const made = expectStatus(await call(page, 'POST', '/api/contracts', {
    priceId: priced.recommended.id, startDate: tomorrow(), address: '12 rue des Lilas', postalCode: '69002', city: 'Lyon', registration: 'AB-123-CD',
    policyholder: { firstName: 'Inès', lastName: 'Laurent', birthDate: '1987-09-10', phone: '06 39 98 12 37' },
  }), 201, 'contrat');
  return made.contract;
}

describe('breaks', () => {
  test('the signature page says a refused code request and its wait, and finds the code sent after a reload', async () => {
    // bypassCSP lets the test inject axe; the site's own scripts are unchanged.
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, reducedMotion: 'reduce', locale: 'fr-FR' });
    const page = await context.newPage();
    await registerClient(page, env.server.url, `signature.recharge${stamp}@exemple.fr`, 'Inès Laurent');
    const c = await pendingContract(page);
    await page.goto(`${env.server.url}/mes-contrats/${c.id}/signature`);
    await heading(page, 'Signature de votre contrat');
    assert.equal(await page.getByLabel('Code reçu par e-mail').count(), 0);

    // A code leaves from another tab: this page still offers « Recevoir mon code ».
    expectStatus(await call(page, 'POST', `/api/contracts/${c.id}/signature-code`), 202, 'code');
    for (const box of await page.locator('.contract-read input[type="checkbox"]').all()) await box.check();
    await page.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 189');
    await page.locator('#accord-sepa').check();
    await page.getByRole('button', { name: 'Recevoir mon code' }).click();
    // With its wait: the seconds left are counted once the refusal is drawn, a moment later.
    const refusal = page.locator('.contract-code [role="alert"]').filter({ hasText: /Nouvelle demande possible dans/ });
    await refusal.waitFor();
    assert.match((await refusal.innerText()).replace(/[\s\u00a0\u202f]+/g, ' '), /Un code est déjà en cours d’envoi : attendez une minute .* Nouvelle demande possible dans \d+ s\./);
    assert.equal(await page.getByRole('button', { name: 'Recevoir mon code' }).isDisabled(), true);

    // After a reload the code sent is found: its field, where and when it left.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await heading(page, 'Signature de votre contrat');
      await page.getByLabel('Code reçu par e-mail').waitFor();
      const said = (await page.locator('.contract-code [role="status"]').innerText()).replace(/[\s\u00a0\u202f\u2011]+/g, ' ').replace(/\u2011/g, '-');
      assert.match(said, /^Code demandé à \d{2}:\d{2} pour \S+@\S+ : il arrive par e.mail et vaut jusqu’à \d{2}:\d{2}\.$/, JSON.stringify([...said].map((ch) => ch.codePointAt(0).toString(16))));
      assert.equal(await page.getByRole('button', { name: 'Signer' }).isVisible(), true);
      const found = await axeBothThemes(page, {
        each: async (theme) => {
          await keepShot(page, `signature-rechargee-${width}-${theme}.png`);
          // The code's part alone too: the full page is too long to read once opened.
          if (process.env.COURTIER_E2E_SHOTS) await page.locator('.contract-code').screenshot({ path: join(process.env.COURTIER_E2E_SHOTS, `signature-code-${width}-${theme}.png`) });
        },
      });
      assert.deepEqual(found, []);
    }
    await context.close();
  });

  test('deleting an account lists what stays and asks to confirm; the mail says it too', async () => {
    const email = `suppression${stamp}@exemple.fr`;
    for (const width of [1280, 375]) {
      const context = await env.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, reducedMotion: 'reduce', locale: 'fr-FR' });
      const page = await context.newPage();
      const who = width === 1280 ? email : `etroit.${email}`;
      await registerClient(page, env.server.url, who, 'Hugo Bernard');
      const declared = await call(page, 'POST', '/api/claims', {
        insurer: 'MAAF', policyNumber: 'AB-123456', product: 'home', kind: 'water', occurredAt: new Date().toISOString().slice(0, 10),
        description: 'Fuite sous l’évier de la cuisine, le parquet a gonflé.',
        answers: { place: 'Lyon', rooms: 'Cuisine', waterStopped: 'yes', waterSource: 'mine' },
      });
      expectStatus(declared, 201, 'sinistre');
      await page.goto(`${env.server.url}/profile`);
      await heading(page, 'Mon profil');
      await page.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
      assert.match(await page.locator('.danger-zone .field-error').innerText(), /Saisissez votre mot de passe/);
      await page.locator('.danger-zone').getByLabel('Mot de passe').fill(password);
      await page.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
      const stays = page.locator('.delete-kept');
      await stays.waitFor();
      assert.match(await stays.innerText(), new RegExp(`Le dossier de sinistre ${declared.body.claim.ref} \\(Dégât des eaux\\), toujours en cours`));
      await page.getByRole('button', { name: 'Confirmer la suppression' }).waitFor();
      const found = await axeBothThemes(page, {
        each: async (theme) => {
          if (process.env.COURTIER_E2E_SHOTS) await page.locator('.danger-zone').screenshot({ path: join(process.env.COURTIER_E2E_SHOTS, `suppression-${width}-${theme}.png`) });
        },
      });
      assert.deepEqual(found, []);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), true);
      await page.getByRole('button', { name: 'Confirmer la suppression' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      const mail = await mailTo(env.server.db, who, 'account-deleted');
      assert.match(mail.text.replace(/\s+/g, ' '), new RegExp(`conserver.*Le dossier de sinistre ${declared.body.claim.ref}`));
      await context.close();
    }
  });

  test('a claim on a contract held elsewhere says how to declare it there, by when and with what', async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 900 }, bypassCSP: true, reducedMotion: 'reduce', locale: 'fr-FR' });
    const page = await context.newPage();
    await registerClient(page, env.server.url, `ailleurs${stamp}@exemple.fr`, 'Nina Roux');
    const declared = expectStatus(await call(page, 'POST', '/api/claims', {
      insurer: 'MAAF', policyNumber: 'AB-123456', product: 'home', kind: 'water', occurredAt: new Date().toISOString().slice(0, 10),
      description: 'Fuite sous l’évier de la cuisine, le parquet a gonflé.',
      answers: { place: 'Lyon', rooms: 'Cuisine', waterStopped: 'yes', waterSource: 'mine' },
    }), 201, 'sinistre');
    await page.goto(`${env.server.url}/mes-sinistres/${declared.claim.id}`);
    const help = page.getByRole('region', { name: 'Déclarer ce sinistre à MAAF' });
    await help.waitFor();
    const text = (await page.locator('main').innerText()).replace(/[\s\u00a0\u202f]+/g, ' ');
    assert.doesNotMatch(text, /transmettons à MAAF/);
    assert.match(await help.innerText(), /au plus tard le .* service sinistres de MAAF[\s\S]*récit[\s\S]*Votre conseiller vous aide/);
    assert.deepEqual(await axeBothThemes(page, {
      each: (theme) => (process.env.COURTIER_E2E_SHOTS ? help.screenshot({ path: join(process.env.COURTIER_E2E_SHOTS, `sinistre-ailleurs-375-${theme}.png`) }) : undefined),
    }), []);
    await context.close();
  });
});
