// Shared set-up of the staff's browser scripts (desk.test.mjs,
// screenshots-staff.mjs): staff accounts made with the binary as an
// operator would, clients and their requests made through the API.
import { spawn } from 'node:child_process';
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

/** Signs page's browser in through the API (the cookie lands in its context). */
export async function signIn(page, url, email) {
  if (!page.url().startsWith(url)) await page.goto(url + '/');
  const status = await page.evaluate(async (body) => (await fetch('/api/auth/login', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  })).status, { email, password });
  if (status !== 200) throw new Error(`connexion de ${email}: ${status}`);
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
