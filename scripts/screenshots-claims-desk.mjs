// Screenshots of the staff's side of claims at 375 px and 1280 px in both
// themes: a water damage declared by a client with two photos, taken by
// an agent, transmitted to the insurer, with a message each way; the
// request page (and its moves form open on « Indemnisé »), then the
// admin's counts. axe (WCAG 2.1 AA) runs on each page, and one move is
// made with the keyboard alone. `make build && node scripts/screenshots-claims-desk.mjs`;
// the PNGs land in scripts/e2e/screenshots/ (not committed) to be looked at.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, startServer } from './e2e/helpers.mjs';
import { call, createUser, registerClient, signIn } from './e2e/desk-helpers.mjs';

const out = fileURLToPath(new URL('./e2e/screenshots', import.meta.url));
mkdirSync(out, { recursive: true });
const axePath = createRequire(join(fileURLToPath(new URL('../site/', import.meta.url)), 'package.json')).resolve('axe-core/axe.min.js');

const server = await startServer();
const browser = await launchBrowser();
const problems = [];

/** A photo as a phone takes it: a JPEG drawn by the browser. */
async function photo(page, colour, label) {
  await page.setContent(`<body style="margin:0;width:640px;height:480px;background:linear-gradient(135deg,${colour},#e8e0d0);font:48px sans-serif;display:grid;place-items:center">${label}</body>`);
  await page.setViewportSize({ width: 640, height: 480 });
  return (await page.screenshot({ type: 'jpeg', quality: 80 })).toString('base64');
}

/** Sends a file to a claim from page's session (multipart, field « file »). */
async function upload(page, id, name, mime, base64) {
  const status = await page.evaluate(async ({ id, name, mime, base64 }) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('file', new File([bytes], name, { type: mime }));
    return (await fetch(`/api/claims/${id}/files`, { method: 'POST', body: form })).status;
  }, { id, name, mime, base64 });
  if (status !== 201) throw new Error(`fichier ${name}: ${status}`);
}

const day = (daysAgo) => new Date(Date.now() - daysAgo * 86400000).toISOString().slice(0, 10);

async function seed() {
  await createUser(server.db, 'alain.martin@exemple.fr', 'Alain Martin', 'agent');
  await createUser(server.db, 'ada.lefevre@exemple.fr', 'Ada Lefèvre', 'admin');
  const context = await browser.newContext();
  const page = await context.newPage();
  const kitchen = await photo(page, '#6b8fb3', 'Cuisine');
  const floor = await photo(page, '#a07850', 'Parquet');
  await page.setContent('<h1>Assurances Exemple SA</h1><p>Accusé de réception de votre déclaration de sinistre.</p>');
  const letter = (await page.pdf({ format: 'A4' })).toString('base64');
  await registerClient(page, server.url, 'claire.martin@exemple.fr', 'Claire Martin');
  const res = await call(page, 'POST', '/api/claims', {
    insurer: 'Assurances Exemple SA', policyNumber: 'AB-123456', product: 'home', kind: 'water', occurredAt: day(9),
    description: "Fuite sous l'évier de la cuisine, parquet gonflé.",
    answers: { place: '12 rue des Lilas, Lyon', rooms: 'Cuisine', waterStopped: 'yes', waterSource: 'mine' },
  });
  if (res.status !== 201) throw new Error(`déclaration: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.claim.id;
  await upload(page, id, 'cuisine.jpg', 'image/jpeg', kitchen);
  await upload(page, id, 'parquet-salon.jpg', 'image/jpeg', floor);
  await call(page, 'POST', `/api/claims/${id}/messages`, { body: 'Le plombier passe demain matin : je vous envoie sa facture.' });
  await context.clearCookies();
  await signIn(page, server.url, 'alain.martin@exemple.fr');
  await call(page, 'POST', `/api/desk/requests/${id}/take`);
  const moved = await call(page, 'POST', `/api/desk/requests/${id}/claim/status`, { status: 'transmitted', insurerRef: '2026-DDE-44718', note: '' });
  if (moved.status !== 200) throw new Error(`transmission: ${moved.status} ${JSON.stringify(moved.body)}`);
  await upload(page, id, 'accuse-reception-assureur.pdf', 'application/pdf', letter);
  await call(page, 'POST', `/api/claims/${id}/messages`, { body: "Merci Madame Martin, j'ai transmis votre dossier à Assurances Exemple SA." });
  await context.close();
  return id;
}

async function axe(page, name) {
  await page.addScriptTag({ path: axePath });
  const res = await page.evaluate(() => window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] }));
  for (const v of res.violations) problems.push(`${name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A page of staff member email at width, in the theme given, after a signed-in session. */
async function staffPage(email, width, dark) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'fr-FR', reducedMotion: 'reduce', bypassCSP: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`erreur: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/status of 400/.test(m.text())) problems.push(`console: ${m.text()}`); });
  await signIn(page, server.url, email);
  await page.evaluate((d) => localStorage.setItem('darkMode', JSON.stringify(d)), dark);
  return { page, context };
}

try {
  const id = await seed();
  for (const width of [375, 1280]) {
    for (const dark of [false, true]) {
      const theme = dark ? 'sombre' : 'clair';
      const { page, context } = await staffPage('alain.martin@exemple.fr', width, dark);
      await page.goto(`${server.url}/dashboard/requests/${id}`);
      await page.getByRole('heading', { name: 'Faire avancer le sinistre' }).waitFor();
      for (const img of await page.locator('img.claim-thumb').all()) await img.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => [...document.querySelectorAll('img.claim-thumb')].every((i) => i.complete && i.naturalWidth > 0), null, { timeout: 5000 })
        .catch(() => problems.push(`${width} ${theme}: une vignette ne s'est pas chargée`));
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(out, `sinistre-agent-${width}-${theme}.png`), fullPage: true });
      await page.getByRole('radio', { name: 'Indemnisé' }).check();
      await page.getByLabel(/^Montant de l'indemnité/).fill('1 250,50');
      await page.locator('.claim-moves').screenshot({ path: join(out, `sinistre-etape-${width}-${theme}.png`) });
      await axe(page, `sinistre ${width} ${theme}`);
      // A refusal of the server, next to the field it names.
      await page.getByRole('radio', { name: 'Refusé' }).check();
      await page.getByLabel(/^Motif du refus/).fill('Exclu');
      await page.getByRole('button', { name: "Enregistrer l'étape" }).click();
      await page.locator('.claim-moves .field-error').waitFor();
      await page.locator('.claim-moves').screenshot({ path: join(out, `sinistre-erreur-${width}-${theme}.png`) });
      await axe(page, `sinistre (erreur) ${width} ${theme}`);
      await context.close();
      const admin = await staffPage('ada.lefevre@exemple.fr', width, dark);
      await admin.page.goto(`${server.url}/dashboard`);
      await admin.page.getByRole('heading', { name: 'Sinistres' }).waitFor();
      await admin.page.locator('section[aria-labelledby="sinistres-titre"]').screenshot({ path: join(out, `sinistres-compteurs-${width}-${theme}.png`) });
      await axe(admin.page, `tableau de bord ${width} ${theme}`);
      await admin.context.close();
    }
  }
  // The keyboard alone: the arrows choose « Indemnisé », Tab to the amount, then to the note, then to the button, Enter.
  const { page, context } = await staffPage('alain.martin@exemple.fr', 1280, false);
  await page.goto(`${server.url}/dashboard/requests/${id}`);
  await page.getByRole('heading', { name: 'Faire avancer le sinistre' }).waitFor();
  await page.getByRole('radio').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const chosen = await page.evaluate(() => document.activeElement?.closest('label')?.textContent);
  await page.keyboard.press('Tab');
  await page.keyboard.type('1 250,50');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Le virement part cette semaine.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.getByText(/Le sinistre est passé à/).waitFor();
  const after = await call(page, 'GET', `/api/desk/requests/${id}/claim`);
  console.log(`au clavier: ${chosen} → ${after.body.claim.statusLabel}, ${after.body.claim.amountCents} centimes`);
  await page.screenshot({ path: join(out, 'sinistre-agent-apres-clavier.png'), fullPage: true });
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
console.log(problems.length ? problems.join('\n') : 'axe: aucune violation, aucune erreur de console');
console.log(`captures dans ${out}`);
