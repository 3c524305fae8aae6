// The look's record (issue 23): a full-page screenshot of every public page,
// of the main signed-in pages of a client (with a request, a price kept and
// nothing else yet: the empty states show) and of the staff's main pages, at
// 375 px and 1280 px in both themes, through the real server.
//
//   node scripts/screenshots-look.mjs OUTDIR [path...]
//
// The PNGs are then quantised (pngquant, when installed) so that the
// before/after sets can be kept in docs/look/ without weighing on the clone.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchBrowser, routeTable, startServer } from './e2e/helpers.mjs';
import { carQuote, createUser, registerClient, signIn, call } from './e2e/desk-helpers.mjs';

const [outArg, ...only] = process.argv.slice(2);
if (!outArg) {
  console.error('usage: node scripts/screenshots-look.mjs OUTDIR [path...]');
  process.exit(2);
}
const out = resolve(outArg);
mkdirSync(out, { recursive: true });

const publicPaths = [...routeTable.routes.filter((r) => !r.protected).map((r) => r.path), '/nulle-part'];
const clientPaths = ['/dashboard', '/my-quotes', '/mes-contrats', '/mes-sinistres', '/profile'];
const staffPaths = ['/dashboard', '/dashboard/contracts', '/dashboard/users', '/dashboard/conversations'];
const wanted = (p) => !only.length || only.includes(p);

function fileName(prefix, path, width, dark) {
  const slug = path === '/' ? 'accueil' : path.slice(1).replaceAll('/', '-');
  return `${prefix}${slug}-${width}-${dark ? 'sombre' : 'clair'}.png`;
}

async function shoot(page, url, name) {
  await page.goto(url);
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(out, name), fullPage: true });
}

const server = await startServer({ engine: 'sqlite' });
const browser = await launchBrowser();
let n = 0;
try {
  const stamp = Date.now();
  await createUser(server.db, `admin${stamp}@courtier.test`, 'Alice Martin', 'admin');
  for (const width of [375, 1280]) {
    for (const dark of [false, true]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', locale: 'fr-FR' });
      await context.addInitScript((d) => localStorage.setItem('darkMode', JSON.stringify(d)), dark);
      const page = await context.newPage();
      for (const path of publicPaths.filter(wanted)) {
        await shoot(page, server.url + path, fileName('', path, width, dark));
        n++;
      }
      // A client with one request on study.
      await registerClient(page, server.url, `client${width}${dark}${stamp}@exemple.fr`, 'Éléonore Dupont');
      const q = await call(page, 'POST', '/api/quotes', carQuote);
      if (q.status !== 201) throw new Error(`demande: ${q.status} ${JSON.stringify(q.body)}`);
      for (const path of clientPaths.filter(wanted)) {
        await shoot(page, server.url + path, fileName('client-', path, width, dark));
        n++;
      }
      await context.clearCookies();
      await signIn(page, server.url, `admin${stamp}@courtier.test`);
      for (const path of staffPaths.filter(wanted)) {
        await shoot(page, server.url + path, fileName('staff-', path, width, dark));
        n++;
      }
      await context.close();
    }
  }
  console.log(`${n} captures dans ${out}`);
} finally {
  await browser.close();
  await server.stop();
}

try {
  const pngs = readdirSync(out).filter((f) => f.endsWith('.png')).map((f) => join(out, f));
  execFileSync('pngquant', ['--force', '--ext', '.png', '--skip-if-larger', '--quality', '60-85', '--speed', '1', ...pngs]);
  console.log('quantifiées avec pngquant');
} catch (e) {
  if (e.code === 'ENOENT') console.log('pngquant absent : PNG gardés tels quels');
  else if (e.status !== 99 && e.status !== 98) throw e;
}
