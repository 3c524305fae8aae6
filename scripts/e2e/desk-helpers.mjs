// Shared set-up of the staff's browser scripts (desk.test.mjs,
// screenshots-staff.mjs): staff accounts made with the binary as an
// operator would, clients and their requests made through the API.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { heading } from './helpers.mjs';
import { hasApp, keepApp, keepRecoveryCodes, nextCode } from './totp.mjs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const password = 'une longue phrase de passe';

/** `courtier users create --role ROLE` on the server's database, the password on standard input. */
export function createUser(db, email, name, role) {
  return new Promise((resolve, reject) => {
    const proc = spawn(join(root, 'bin', 'courtier'), ['users', 'create', '--db', db, '--email', email, '--name', name, '--role', role],
      { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (c) => { out += c; });
    proc.stderr.on('data', (c) => { out += c; });
    proc.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`users create ${email}: ${code} ${out}`))));
    proc.stdin.end(`${password}\n`);
  });
}

/**
 * Signs page's browser in through the API (the cookie lands in its
 * context). Staff give the code of their app when asked; staff who have
 * none yet set it up first, as the dashboard asks them to.
 */
export async function signIn(page, url, email) {
  if (!page.url().startsWith(url)) await page.goto(url + '/');
  const res = await call(page, 'POST', '/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`connexion de ${email}: ${res.status}`);
  if (res.body.secondFactor) {
    const done = await call(page, 'POST', '/api/auth/login/code', { ticket: res.body.secondFactor.ticket, code: nextCode(email) });
    if (done.status !== 200) throw new Error(`code de ${email}: ${done.status} ${JSON.stringify(done.body)}`);
  } else if (res.body.user.role !== 'client' && !res.body.user.twoFactor) {
    await setUpApp(page, email);
  }
}

/** Sets up the second factor of the signed-in email through the API, as the set-up form does. */
export async function setUpApp(page, email) {
  const setup = await call(page, 'POST', '/api/profile/two-factor/setup');
  if (setup.status !== 200) throw new Error(`préparation de ${email}: ${setup.status}`);
  keepApp(email, setup.body.secret);
  const done = await call(page, 'POST', '/api/profile/two-factor/enable', { code: nextCode(email), password });
  if (done.status !== 200) throw new Error(`activation de ${email}: ${done.status} ${JSON.stringify(done.body)}`);
  keepRecoveryCodes(email, done.body.recoveryCodes);
}

/** Registers a client in page's browser, signed in afterwards. */
export async function registerClient(page, url, email, displayName) {
  if (!page.url().startsWith(url)) await page.goto(url + '/');
  const status = await page.evaluate(async (body) => (await fetch('/api/auth/register', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  })).status, { email, password, displayName });
  if (status !== 201) throw new Error(`inscription de ${email}: ${status}`);
}

/** Calls the API from page's browser with its session; resolves to { status, body }. */
export function call(page, method, path, body) {
  return page.evaluate(async ({ method, path, body }) => {
    const res = await fetch(path, {
      method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  }, { method, path, body });
}

/** Answers a car quote request would carry, as the form sends them. */
export const carQuote = {
  product: 'car',
  details: { brand: 'peugeot', model: '208', year: 2019, energy: 'essence', usage: 'prive', licenceYear: 2010, cover: 'tiers-etendu' },
  contact: { method: 'phone', phone: '0639981234' },
  message: 'Je souhaite être rappelée en fin de journée.',
};

/** Other requests, one per product, for a queue that looks like a real day. */
export const moreQuotes = [
  { product: 'home', details: { occupancy: 'locataire', housingType: 'appartement', surface: 62, rooms: 3, postalCode: '69003' } },
  { product: 'health', details: { adults: 2, children: 1, birthYear: 1984, priority: 'optique' } },
  { product: 'pro', details: { activity: 'Plombier chauffagiste', legalStatus: 'sarl', turnover: '50k-250k', employees: 3 } },
].map((q) => ({ ...q, contact: { method: 'email', phone: '' }, message: '' }));

/** Signs in through the login page, as a person does, and lands on the dashboard. */
export async function signInPage(url, page, email) {
  await page.goto(url + '/login');
  await heading(page, 'Connexion');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  if (hasApp(email)) {
    await page.getByLabel('Code de validation').fill(nextCode(email));
    await page.getByRole('button', { name: 'Valider' }).click();
  }
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await heading(page, 'Tableau de bord');
  const gate = page.getByRole('heading', { name: 'Sécurisez votre compte' });
  if (await gate.isVisible()) await setUpAppPage(page, email);
}

/** Sets up the second factor from the dashboard's « Sécurisez votre compte », as a person does. */
export async function setUpAppPage(page, email) {
  await page.getByRole('button', { name: 'Configurer mon application' }).click();
  const secret = (await page.locator('.totp-secret').innerText()).replace(/\s+/g, '');
  keepApp(email, secret);
  await page.getByLabel('Code de l’application').fill(nextCode(email));
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Activer la validation en deux étapes' }).click();
  const list = page.getByRole('list', { name: 'Codes de secours' });
  await list.waitFor();
  const codes = await list.locator('code').allInnerTexts();
  if (codes.length !== 10) throw new Error(`${codes.length} codes de secours pour ${email}`);
  keepRecoveryCodes(email, codes);
  await page.getByRole('button', { name: 'J’ai noté mes codes' }).click();
  await page.getByRole('heading', { name: 'Sécurisez votre compte' }).waitFor({ state: 'detached' });
}

/** The figure of a tile of the admin's dashboard (« nouvelles », « en retard »…). */
export async function stat(page, label) {
  const tile = page.locator('.stat').filter({ has: page.locator('.stat-label', { hasText: new RegExp(`^${label}$`) }) });
  return Number(await tile.locator('.stat-value').innerText());
}

/** A signed-in client files a car quote through the vehicle selection and the form; resolves on Mes devis. */
export async function fileCarQuote(page, url) {
  await page.goto(url + '/vehicle-selection?product=car');
  await heading(page, 'Choix du véhicule');
  await page.getByLabel('Marque').selectOption({ label: 'Peugeot' });
  await page.getByLabel('Modèle').fill('208');
  await page.getByLabel('Année de première mise en circulation').fill('2019');
  await page.getByRole('radio', { name: 'Essence' }).check();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.waitForURL((u) => u.pathname === '/quote-request');
  await page.getByRole('radio', { name: 'Privé et trajet domicile-travail' }).check();
  await page.getByLabel("Année d’obtention du permis du conducteur principal").fill('2011');
  await page.getByRole('radio', { name: 'Tous risques' }).check();
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await page.waitForURL((u) => u.pathname === '/my-quotes');
}

/** A visitor's message from /contact; resolves to its reference. */
export async function visitorWrites(page, url) {
  await page.goto(url + '/contact');
  await heading(page, /Contact/);
  const msg = page.getByRole('form', { name: 'Écrivez-nous' });
  await msg.getByLabel('Nom et prénom').fill('Paul Visiteur');
  await msg.getByLabel('Adresse e-mail').fill('paul.visiteur@exemple.fr');
  await msg.getByLabel('Objet').selectOption({ label: 'Question sur un contrat' });
  await msg.getByLabel('Votre message').fill('Bonjour, comment ajouter un conducteur à mon contrat auto ?');
  await msg.getByRole('checkbox').check();
  await msg.getByRole('button', { name: 'Envoyer le message' }).click();
  const sent = await page.getByRole('status').filter({ hasText: 'Votre message' }).innerText();
  const ref = sent.match(/MS-\d{4}-\d{6}/)?.[0];
  assert.ok(ref, `référence du message dans « ${sent} »`);
  return ref;
}
