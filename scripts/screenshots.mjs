// Takes a full-page screenshot of every public route at 375 px and 1280 px,
// in both themes, through the real server: `node scripts/screenshots.mjs [path...]`.
// FULL=0 captures only the first screen. The PNGs land in scripts/e2e/screenshots/ (not committed) to be looked at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, routeTable, startServer } from './e2e/helpers.mjs';

const out = fileURLToPath(new URL('./e2e/screenshots', import.meta.url));
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);
const paths = only.length ? only : [...routeTable.routes.filter((r) => !r.protected).map((r) => r.path), '/nulle-part'];

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const width of [375, 1280]) {
    for (const dark of [false, true]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      await context.addInitScript((d) => localStorage.setItem('darkMode', JSON.stringify(d)), dark);
      const page = await context.newPage();
      for (const path of paths) {
        await page.goto(server.url + path);
        await page.locator('main h1').first().waitFor();
        const name = `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${width}-${dark ? 'sombre' : 'clair'}.png`;
        await page.screenshot({ path: join(out, name), fullPage: process.env.FULL !== '0' });
      }
      await context.close();
    }
  }
  console.log(`${paths.length * 4} captures dans ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
