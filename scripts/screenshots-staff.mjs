// Screenshots of the staff's half at 375 px and 1280 px in both themes:
// the agent's queue, a request page, the admin's dashboard (counts and
// queue), the users' list (with « Créer un compte » open), the outbox and one mail, and the client's « Mes demandes ». `make build && node scripts/screenshots-staff.mjs`;
// the PNGs land in scripts/e2e/screenshots/ (not committed) to be looked at.
//
// The server's clock cannot be moved, so two deadlines are moved in the
// database with python3's sqlite3 (when python3 is there) to show the
// « En retard » and « Aujourd'hui » badges as a real morning has them, and
// one mail is marked failed, as an SMTP server's 550 leaves it.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, startServer } from './e2e/helpers.mjs';
import { call, carQuote, createUser, moreQuotes, registerClient, signIn } from './e2e/desk-helpers.mjs';

const out = fileURLToPath(new URL('./e2e/screenshots', import.meta.url));
mkdirSync(out, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();

/** Sets the deadline of request ref to now + minutes, straight in the database. */
function moveDeadline(ref, minutes) {
  const at = new Date(Date.now() + minutes * 60000).toISOString();
  const script = 'import sqlite3,sys\nc=sqlite3.connect(sys.argv[1],timeout=10)\nc.execute("UPDATE requests SET due_at=? WHERE ref=?",(sys.argv[2],sys.argv[3]))\nc.commit()';
  const res = spawnSync('python3', ['-c', script, server.db, at, ref]);
  if (res.status !== 0) console.warn(`échéance de ${ref} inchangée: ${res.stderr}`);
}

/** Marks mail id failed after a refusal, straight in the database (this server has no --smtp). */
function failMail(id) {
  const script = 'import sqlite3,sys\nc=sqlite3.connect(sys.argv[1],timeout=10)\nc.execute("UPDATE mails SET status=\'failed\', attempts=1, last_error=? WHERE id=?",("550 5.1.1 Boîte aux lettres inconnue",int(sys.argv[2])))\nc.commit()';
  const res = spawnSync('python3', ['-c', script, server.db, String(id)]);
  if (res.status !== 0) console.warn(`courriel ${id} inchangé: ${res.stderr}`);
}

/** A morning at the broker: four clients' requests, two taken, one late, one due today. */
async function seed() {
  await createUser(server.db, 'alain.martin@exemple.fr', 'Alain Martin', 'agent');
  await createUser(server.db, 'ada.lefevre@exemple.fr', 'Ada Lefèvre', 'admin');
  await createUser(server.db, 'x@exemple.fr', '', 'agent'); // made without a name: shown by its e-mail
  const context = await browser.newContext();
  const page = await context.newPage();
  const clients = [['eleonore', 'Éléonore Dupont-Aignan', carQuote], ...moreQuotes.map((q, i) => [['bruno', 'chloe', 'karim'][i], ['Bruno Petit', 'Chloé Bernard', 'Karim Haddad'][i], q])];
  const refs = [];
  for (const [id, name, quote] of clients) {
    await context.clearCookies();
    await registerClient(page, server.url, `${id}@exemple.fr`, name);
    const res = await call(page, 'POST', '/api/quotes', quote);
    if (res.status !== 201) throw new Error(`devis ${id}: ${res.status}`);
    refs.push(res.body.quote);
  }
  await context.clearCookies();
  await signIn(page, server.url, 'alain.martin@exemple.fr');
  const [car, home, health] = refs;
  await call(page, 'POST', `/api/desk/requests/${car.id}/take`);
  await call(page, 'PUT', `/api/desk/requests/${car.id}/status`, { status: 'in_review' });
  await call(page, 'POST', `/api/desk/requests/${car.id}/notes`, { body: 'Cliente jointe à 10:12 : elle compare avec son contrat actuel (échéance au 1er décembre). Proposer tiers étendu et tous risques.' });
  await call(page, 'POST', `/api/desk/requests/${home.id}/take`);
  await context.clearCookies();
  await signIn(page, server.url, 'ada.lefevre@exemple.fr');
  await call(page, 'POST', `/api/desk/requests/${health.id}/take`);
  await context.close();
  moveDeadline(home.ref, -95);
  moveDeadline(car.ref, 150);
  failMail(2);
  return car;
}

/** Full-page PNG of path, named name-width-theme. */
async function shoot(page, path, name, suffix, ready) {
  await page.goto(server.url + path);
  await page.locator('main h1').first().waitFor();
  await page.getByText(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(out, `${name}-${suffix}.png`), fullPage: true });
}

try {
  const car = await seed();
  for (const width of [375, 1280]) {
    for (const dark of [false, true]) {
      const suffix = `${width}-${dark ? 'sombre' : 'clair'}`;
      for (const [email, pages] of [
        ['alain.martin@exemple.fr', [['/dashboard', 'staff-agent-file', 'Demande'], [`/dashboard/requests/${car.id}`, 'staff-demande', 'Historique']]],
        ['ada.lefevre@exemple.fr', [['/dashboard', 'staff-admin-tableau', 'Par conseiller'], ['/dashboard/users', 'staff-admin-utilisateurs', 'Dernière activité'],
          ['/dashboard/mails', 'staff-admin-courriels', 'Renvoyer'], ['/dashboard/mails/2', 'staff-admin-courriel', 'Texte du courriel']]],
        ['eleonore@exemple.fr', [['/dashboard', 'staff-client-mes-demandes', 'Référence']]],
      ]) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', locale: 'fr-FR' });
        await context.addInitScript((d) => localStorage.setItem('darkMode', JSON.stringify(d)), dark);
        const page = await context.newPage();
        await signIn(page, server.url, email);
        for (const [path, name, ready] of pages) await shoot(page, path, name, suffix, ready);
        if (email.startsWith('ada')) {
          // « Créer un compte » opened, and on a phone the desks' menu unfolded.
          await page.goto(server.url + '/dashboard/users');
          await page.getByRole('button', { name: 'Créer un compte' }).click();
          await page.getByLabel('Adresse e-mail').fill('lea.martin@exemple');
          await page.getByRole('button', { name: 'Créer le compte' }).click();
          await page.getByText(/adresse e-mail valide/).waitFor();
          await page.screenshot({ path: join(out, `staff-admin-creer-compte-${suffix}.png`), fullPage: true });
          if (width < 900) {
            await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
            await page.screenshot({ path: join(out, `staff-admin-menu-${suffix}.png`) });
          }
        }
        await context.close();
      }
    }
  }
  console.log(`captures dans ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
