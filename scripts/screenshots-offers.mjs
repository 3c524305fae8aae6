// Screenshots of "Mes devis" with offers, at 375 px and 1280 px in both
// themes: one request with two offers to choose from (then with the
// confirmation open), one whose offer was chosen, one declined. After
// `make build`: `node scripts/screenshots-offers.mjs`; the PNGs land in
// scripts/e2e/screenshots/ (not committed) to be looked at.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, startServer } from './e2e/helpers.mjs';
import { signIn } from './e2e/desk-helpers.mjs';

const out = fileURLToPath(new URL('./e2e/screenshots', import.meta.url));
const bin = fileURLToPath(new URL('../bin/courtier', import.meta.url));
mkdirSync(out, { recursive: true });

const password = 'une longue phrase de passe';
const inDays = (n) => new Date(Date.now() + n * 864e5).toISOString().slice(0, 10);
const car = { product: 'car', details: { brand: 'peugeot', model: '208', year: 2019, energy: 'essence', usage: 'trajet-travail', licenceYear: 2005, bonusMalus: 0.68, cover: 'tous-risques' }, contact: { method: 'phone', phone: '0639981234' }, message: 'Mon contrat actuel se termine fin décembre.' };
const home = { product: 'home', details: { occupancy: 'locataire', housingType: 'appartement', surface: 64, rooms: 3, postalCode: '69002' }, contact: { method: 'email', phone: '' }, message: '' };
const health = { product: 'health', details: { adults: 2, children: 1, birthYear: 1984, priority: 'optique' }, contact: { method: 'email', phone: '' }, message: '' };
const carOffers = [
  { insurer: 'Mutuelle du Littoral', productName: 'Auto Confort', monthlyCents: 4590, yearlyCents: 52000, guarantees: ['Responsabilité civile', 'Vol et incendie', 'Bris de glace', 'Assistance 0 km'], deductibleCents: 30000, validUntil: inDays(30), note: 'Tarif calculé avec votre bonus de 0,68 ; la franchise baisse à 150 € si vous choisissez un garage agréé.' },
  { insurer: 'Assurances du Bocage', productName: 'Tous risques Premium', monthlyCents: 6120, yearlyCents: 69900, guarantees: ['Tous risques', 'Véhicule de remplacement 30 jours', 'Protection du conducteur 1 000 000 €'], deductibleCents: 0, validUntil: inDays(30), note: '' },
];
const homeOffers = [
  { insurer: 'Habitat Mutuel', productName: 'Locataire Essentiel', monthlyCents: 1150, yearlyCents: 12900, guarantees: ['Dégâts des eaux', 'Incendie', 'Responsabilité civile locative'], deductibleCents: 15000, validUntil: inDays(20), note: '' },
  { insurer: 'Assurances du Bocage', productName: 'Habitation Sérénité', monthlyCents: 1690, yearlyCents: 18900, guarantees: ['Dégâts des eaux', 'Vol', 'Bris de glace', 'Objets de valeur'], deductibleCents: 10000, validUntil: inDays(20), note: '' },
];

const server = await startServer();
const browser = await launchBrowser();
try {
  const admin = `admin${Date.now()}@exemple.fr`;
  execFileSync(bin, ['users', 'create', '--email', admin, '--name', 'Julien Conseil', '--role', 'admin', '--db', server.db], { input: `${password}\n` });
  for (const width of [375, 1280]) {
    for (const dark of [false, true]) {
      const staff = await browser.newContext();
      const staffPage = await staff.newPage();
      await staffPage.goto(server.url + '/');
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', locale: 'fr-FR' });
      await context.addInitScript((d) => localStorage.setItem('darkMode', JSON.stringify(d)), dark);
      const page = await context.newPage();
      await page.goto(server.url + '/');
      const post = (p, url, body) => p.evaluate(async ({ url, body }) => {
        const r = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        if (!r.ok) throw new Error(`${url} ${r.status} ${await r.text()}`);
        return r.json();
      }, { url, body });
      await signIn(staffPage, server.url, admin);
      await post(page, '/api/auth/register', { email: `captures${Date.now()}@exemple.fr`, password, displayName: 'Éléonore Dupont-Aignan' });
      const declined = (await post(page, '/api/quotes', health)).quote.id;
      await post(staffPage, `/api/desk/requests/${declined}/offers`, { offers: [{ ...homeOffers[0], insurer: 'Santé Plus', productName: 'Famille Optique+', guarantees: ['Optique 400 € par an', 'Dentaire 300 %'] }] });
      await post(page, `/api/quotes/${declined}/decline`, { reason: 'Le remboursement dentaire est trop faible pour nous.' });
      const accepted = (await post(page, '/api/quotes', home)).quote.id;
      const sent = await post(staffPage, `/api/desk/requests/${accepted}/offers`, { offers: homeOffers });
      await post(page, `/api/quotes/${accepted}/accept`, { offerId: sent.quote.offers[0].id });
      const offered = (await post(page, '/api/quotes', car)).quote.id;
      await post(staffPage, `/api/desk/requests/${offered}/offers`, { offers: carOffers });
      await staff.close();

      const suffix = `${width}-${dark ? 'sombre' : 'clair'}`;
      await page.goto(server.url + '/my-quotes');
      await page.locator('.offer-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(out, `offres-mes-devis-${suffix}.png`), fullPage: true });
      const first = page.locator('.quote-card').first();
      await first.screenshot({ path: join(out, `offres-carte-${suffix}.png`) });
      await first.getByRole('button', { name: 'Choisir cette offre' }).nth(1).click();
      await page.locator('.offer-confirm').waitFor();
      await first.screenshot({ path: join(out, `offres-confirmation-${suffix}.png`) });
      await first.getByRole('button', { name: 'Annuler' }).click();
      await first.getByRole('button', { name: 'Refuser les offres' }).click();
      await first.getByRole('button', { name: 'Envoyer mon refus' }).click();
      await first.screenshot({ path: join(out, `offres-refus-${suffix}.png`) });
      await context.close();
    }
  }
  console.log(`captures dans ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
