// Screenshots of the instant-price journey (the picker's results with their
// years, the characteristics of a vehicle not in the list, the three steps, the prices with
// « Pourquoi ce prix ? » open, the kept prices, an IPID) at 375 px and 1280 px,
// in both themes, through the real server: `node scripts/screenshots-prices.mjs`.
// The PNGs land in scripts/e2e/screenshots/ (not committed) to be looked at;
// any element wider than the page is printed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, startServer } from './e2e/helpers.mjs';

const out = fileURLToPath(new URL('./e2e/screenshots', import.meta.url));
mkdirSync(out, { recursive: true });

/** The elements wider than the viewport, to find what scrolls sideways. */
function wide(page) {
  return page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    return [...document.querySelectorAll('main *')].filter((el) => el.getBoundingClientRect().right > w + 1 && el.getClientRects().length)
      .slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}px`);
  });
}

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const width of [375, 1280]) {
    for (const dark of [false, true]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', locale: 'fr-FR' });
      await context.addInitScript((d) => localStorage.setItem('darkMode', JSON.stringify(d)), dark);
      const page = await context.newPage();
      const shot = async (name) => {
        const problems = await wide(page);
        if (problems.length) console.log(`${name} ${width} : trop large`, problems);
        await page.screenshot({ path: join(out, `prix-${name}-${width}-${dark ? 'sombre' : 'clair'}.png`), fullPage: true });
      };
      // The results' generation and years, then the characteristics of a car not in the list, refused empty.
      await page.goto(server.url + '/prix/auto');
      await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
      await page.getByRole('combobox').fill('clio');
      await page.getByRole('option').first().waitFor();
      await page.screenshot({ path: join(out, `prix-liste-annees-${width}-${dark ? 'sombre' : 'clair'}.png`) });
      await page.getByRole('button', { name: 'Mon véhicule n’est pas dans la liste' }).click();
      await page.getByLabel('Marque').fill('Lada');
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.locator('#prix-vehicleModel-erreur').waitFor();
      await shot('vehicule-decrit');

      await page.goto(server.url + '/prix/auto');
      await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
      await page.getByRole('combobox').fill('208');
      await page.getByRole('option').first().waitFor();
      await page.screenshot({ path: join(out, `prix-etape1-${width}-${dark ? 'sombre' : 'clair'}.png`) });
      await page.getByRole('option').nth(1).click();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('button', { name: 'Continuer' }).click(); // the errors of step 2
      await page.getByLabel('Date de naissance du conducteur principal').fill('1981-03-02');
      await shot('etape2');
      await page.getByLabel('Date d’obtention du permis B').fill('2001-06-15');
      await page.getByLabel('Bonus-malus de votre relevé d’information').fill('0,68');
      await page.getByLabel('Code postal du lieu de stationnement').fill('69002');
      await page.getByRole('radio', { name: 'Privé et trajet domicile-travail' }).check();
      await page.getByRole('radio', { name: 'Parking privé' }).check();
      await page.getByLabel('Kilomètres parcourus par an').fill('12000');
      await page.getByLabel('Sinistres déclarés ces 36 derniers mois').fill('0');
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('checkbox', { name: 'Le vol et l’incendie de ma voiture' }).check();
      await page.getByRole('radio', { name: 'Moyenne' }).check();
      await page.getByRole('radio', { name: 'Oui, je suis assuré ailleurs' }).check();
      await shot('etape3');
      await page.getByRole('button', { name: 'Voir mes prix' }).click();
      await page.locator('.price-card').first().waitFor();
      await page.locator('.price-card-recommended summary').click();
      await shot('resultats');
      await page.locator('.price-advice').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -120));
      await page.screenshot({ path: join(out, `prix-resultats-haut-${width}-${dark ? 'sombre' : 'clair'}.png`) });
      await page.emulateMedia({ media: 'print' });
      await shot('fiche');
      await page.emulateMedia({ media: 'screen' });
      await page.goto(server.url + '/ipid/auto#tous-risques');
      await page.locator('main h1').waitFor();
      await shot('ipid');
      await page.goto(server.url + '/insurance/car');
      await page.locator('main h1').waitFor();
      await page.screenshot({ path: join(out, `prix-produit-${width}-${dark ? 'sombre' : 'clair'}.png`) });
      await context.close();
    }
  }
  console.log(`captures dans ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
