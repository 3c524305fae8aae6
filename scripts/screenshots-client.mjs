// Screenshots of what a signed-in client sees, at 375 px and 1280 px in both
// themes: /dashboard, /insurance/car, /contact and /my-quotes (with one
// request of each product), then the chat panel open with the account menu
// open over it. `node scripts/screenshots-client.mjs`; the PNGs land in
// scripts/e2e/screenshots/ (not committed) to be looked at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, startServer } from './e2e/helpers.mjs';

const out = fileURLToPath(new URL('./e2e/screenshots', import.meta.url));
mkdirSync(out, { recursive: true });

const tomorrow = new Date(Date.now() + 864e5).toISOString().slice(0, 10);
/** One request of each product, every optional answer given. */
const requests = [
  { product: 'car', details: { brand: 'peugeot', model: '208', year: 2019, energy: 'essence', usage: 'trajet-travail', licenceYear: 2005, bonusMalus: 0.68, cover: 'tous-risques' } },
  { product: 'home', details: { occupancy: 'locataire', housingType: 'appartement', surface: 120, rooms: 3, postalCode: '69002' } },
  { product: 'health', details: { adults: 2, children: 1, birthYear: 1984, priority: 'optique' } },
  { product: 'life', details: { goal: 'transmission', amount: 150000 } },
  { product: 'pro', details: { activity: 'Plombier chauffagiste', legalStatus: 'sarl', turnover: '50k-250k', employees: 3 } },
  { product: 'vtc', details: { brand: 'toyota', model: 'Prius', vtcCard: true, yearsActivity: 4 } },
  { product: 'fleet', details: { vehicles: 12, vehicleTypes: ['particuliers', 'utilitaires'] } },
  { product: 'temp', details: { vehicleKind: 'moto', days: 3, startDate: tomorrow } },
].map((r) => ({ ...r, contact: { method: 'phone', phone: '0639981234' }, message: 'Je souhaite être rappelé en fin de journée.' }));

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const width of [375, 1280]) {
    for (const dark of [false, true]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', locale: 'fr-FR' });
      await context.addInitScript((d) => localStorage.setItem('darkMode', JSON.stringify(d)), dark);
      const page = await context.newPage();
      await page.goto(server.url + '/');
      const failed = await page.evaluate(async ({ email, requests }) => {
        const post = (url, body) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        const bad = [];
        const r = await post('/api/auth/register', { email, password: 'une longue phrase de passe', displayName: 'Éléonore Dupont-Aignan' });
        if (r.status !== 201) bad.push(`inscription ${r.status}`);
        for (const q of requests) {
          const res = await post('/api/quotes', q);
          if (res.status !== 201) bad.push(`${q.product} ${res.status} ${await res.text()}`);
        }
        return bad;
      }, { email: `captures${Date.now()}@exemple.fr`, requests });
      if (failed.length) throw new Error(failed.join('\n'));
      const suffix = `${width}-${dark ? 'sombre' : 'clair'}`;
      for (const path of ['/dashboard', '/insurance/car', '/contact', '/my-quotes']) {
        await page.goto(server.url + path);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        const name = `client-${path.slice(1).replaceAll('/', '-')}-${suffix}`;
        await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
        // Long pages also in screens of 1600 px, readable once opened.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, k = 1; height > 1600 && y < height; y += 1600, k++) {
          await page.screenshot({ path: join(out, `${name}-${k}.png`), fullPage: true, clip: { x: 0, y, width, height: Math.min(1600, height - y) } });
        }
      }
      await page.goto(server.url + '/dashboard');
      await page.getByRole('button', { name: "Ouvrir l'assistant" }).click();
      const panel = page.getByRole('dialog', { name: 'Assistant' });
      await panel.getByRole('log').getByText(/Je peux/).waitFor();
      const input = panel.getByPlaceholder('Tapez votre message...');
      for (const text of ['Quels sont vos horaires et votre numéro ?', 'Une assurance auto avec assistance 0 km']) {
        await input.fill(text);
        await input.press('Enter');
        await panel.locator('.chat-message-bot').nth(1 + ['Quels', 'Une'].indexOf(text.split(' ')[0])).waitFor();
      }
      await page.screenshot({ path: join(out, `client-chat-${suffix}.png`) });
      if (width < 900) await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page.getByRole('button', { name: /Éléonore/ }).click();
      await page.getByRole('menu', { name: 'Mon compte' }).waitFor();
      await page.screenshot({ path: join(out, `client-chat-menu-${suffix}.png`) });
      await context.close();
    }
  }
  console.log(`captures dans ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
