// `courtier tui` in a real terminal (tmux, 120×36) on the database of a
// running `courtier serve`: the overview shows a request filed through the
// website, an admin changes a user's role in Utilisateurs and `courtier
// users list --json` sees it, an agent takes the request in Demandes and
// the website shows who holds it; a claim's photo sent on the website is
// saved from the request view, byte for byte; an agent moves the claim
// from the request view at 80×24 and the client reads the step.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newPage, useServerAndBrowser } from './helpers.mjs';
import { call, carQuote, createUser, registerClient, signIn } from './desk-helpers.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'courtier');
const env = useServerAndBrowser();
// A tmux server of our own, so the test never touches the user's sessions.
const socket = `courtier-e2e-${process.pid}`;
const tmux = (...args) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
after(() => { spawnSync('tmux', ['-L', socket, 'kill-server']); });

/**
 * Starts `courtier tui --as email` (read-only without email) in a detached
 * tmux session named name, 120×36 unless size says otherwise, working in
 * dir (the test's own by default).
 */
function startTUI(name, email, dir = root, size = ['120', '36']) {
  const as = email ? ` --as ${email}` : '';
  tmux('new-session', '-d', '-s', name, '-x', size[0], '-y', size[1], '-c', dir,
    `${bin} tui --db ${env.server.db}${as} --refresh 1s; sleep 30`);
}

/** The visible screen of session name. */
const screen = (name) => tmux('capture-pane', '-p', '-t', name);

/** Waits until the screen of name matches re; returns it, or fails with what it showed. */
async function until(name, re, timeout = 15000) {
  const deadline = Date.now() + timeout;
  let text = '';
  while (Date.now() < deadline) {
    text = screen(name);
    if (re.test(text)) return text;
    await new Promise((r) => setTimeout(r, 150));
  }
  assert.fail(`l'écran n'a jamais montré ${re}:\n${text}`);
}

/** Sends keys to session name (tmux key names: Enter, Escape, Up…). */
const keys = (name, ...k) => tmux('send-keys', '-t', name, ...k);

describe('courtier tui', () => {
  test('overview, a role changed by an admin, a request taken by an agent, seen by the website and the CLI', async () => {
    await createUser(env.server.db, 'admin.tui@exemple.fr', 'Adèle Admin', 'admin');
    await createUser(env.server.db, 'agent.tui@exemple.fr', 'Arthur Agent', 'agent');
    const { page, context, errors } = await newPage(env.browser);
    await registerClient(page, env.server.url, 'cliente.tui@exemple.fr', 'Camille Cliente');
    const filed = await call(page, 'POST', '/api/quotes', carQuote);
    assert.equal(filed.status, 201);
    const { id, ref } = filed.body.quote;

    // The admin's overview shows the request filed on the website.
    startTUI('admin', 'admin.tui@exemple.fr');
    const overview = await until('admin', new RegExp(ref));
    assert.match(overview, /Aperçu/);
    assert.match(overview, /Adèle Admin/);

    // Utilisateurs: the client becomes an agent, confirmed.
    keys('admin', '3');
    await until('admin', /cliente\.tui@exemple\.fr/);
    keys('admin', '/');
    // Typed once the prompt is up: on a busy machine the slash and the
    // text could reach the program as one read, which it takes as one key.
    await until('admin', /Filtrer\u00a0:/);
    keys('admin', '-l', 'cliente.tui');
    keys('admin', 'Enter');
    await until('admin', /›[^\n]*cliente\.tui@exemple\.fr/);
    keys('admin', 'r');
    await until('admin', /Rôle du compte cliente\.tui@exemple\.fr/);
    keys('admin', 'Up');
    keys('admin', 'Enter');
    await until('admin', /Donner le rôle Conseiller au compte cliente\.tui@exemple\.fr/);
    keys('admin', 'o');
    await until('admin', /Le compte cliente\.tui@exemple\.fr a désormais le rôle Conseiller/);
    const listed = JSON.parse(execFileSync(bin, ['users', 'list', '--json', '--db', env.server.db], { encoding: 'utf8' }));
    const users = Array.isArray(listed) ? listed : listed.users;
    assert.equal(users.find((u) => u.email === 'cliente.tui@exemple.fr').role, 'agent');
    // The table is for staff: in French, the role as --role takes it.
    const table = execFileSync(bin, ['users', 'list', '--db', env.server.db], { encoding: 'utf8' });
    assert.match(table, /^E-MAIL\s+NOM\s+RÔLE\s+ÉTAT\s+CRÉÉ LE \(UTC\)$/m);
    assert.match(table, /^cliente\.tui@exemple\.fr\s+Camille Cliente\s+agent\s+actif\s/m);

    // Demandes: the agent opens the request and takes it.
    startTUI('agent', 'agent.tui@exemple.fr');
    await until('agent', /Arthur Agent/);
    keys('agent', '2');
    await until('agent', new RegExp(`›[^\\n]*${ref}`));
    keys('agent', 'Enter');
    await until('agent', new RegExp(`${ref} · Devis`));
    keys('agent', 'a');
    await until('agent', new RegExp(`Demande ${ref} prise en charge`));

    // The website: the admin's request page names the agent.
    await signIn(page, env.server.url, 'admin.tui@exemple.fr');
    await page.goto(`${env.server.url}/dashboard/requests/${encodeURIComponent(id)}`);
    await page.locator('.side-card').filter({ hasText: 'Suivie par' }).filter({ hasText: 'Arthur Agent' }).waitFor();

    // q quits, the process ends cleanly.
    keys('agent', 'q');
    await until('agent', /^(?![\s\S]*Arthur Agent)/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a claim with a photo sent on the website, the photo saved from the request view, the claim moved by an agent at 80×24', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await registerClient(page, env.server.url, 'sinistre.tui@exemple.fr', 'Simone Sinistre');
    const occurredAt = new Date(Date.now() - 2 * 86400000).toISOString().slice(0, 10);
    const declared = await call(page, 'POST', '/api/claims', {
      insurer: 'Assurances Exemple SA', policyNumber: 'AB-123456', product: 'home', kind: 'water', occurredAt,
      description: "Fuite sous l'évier de la cuisine, parquet gonflé.",
      answers: { place: '12 rue des Lilas, Lyon', rooms: 'Cuisine', waterStopped: 'yes', waterSource: 'mine' },
    });
    assert.equal(declared.status, 201, JSON.stringify(declared.body));
    const { id, ref } = declared.body.claim;
    // A real JPEG: a screenshot of a small page.
    const shot = await newPage(env.browser, { width: 320, height: 240 });
    await shot.page.setContent('<body style="margin:0;background:#8fb3d9"><h1 style="font:24px sans-serif">Parquet gonflé</h1></body>');
    const photo = await shot.page.screenshot({ type: 'jpeg', quality: 80 });
    await shot.context.close();
    const sent = await page.evaluate(async ({ id, bytes }) => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], 'photo-evier.jpg', { type: 'image/jpeg' }));
      const r = await fetch(`/api/claims/${id}/files`, { method: 'POST', body: form });
      return { status: r.status, body: await r.json().catch(() => null) };
    }, { id, bytes: [...photo] });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    // What the site keeps (the upload strips the metadata) is what is saved.
    const url = sent.body.claim.files[0].url;
    const stored = Buffer.from(await page.evaluate(async (url) => [...new Uint8Array(await (await fetch(url)).arrayBuffer())], url));

    const dir = mkdtempSync(join(tmpdir(), 'courtier-tui-'));
    startTUI('claim', '', dir);
    await until('claim', /Lecture seule/);
    keys('claim', '2');
    await until('claim', new RegExp(ref));
    keys('claim', '/');
    await until('claim', /Filtrer\u00a0:/);
    keys('claim', '-l', ref);
    keys('claim', 'Enter');
    await until('claim', new RegExp(`›[^\\n]*${ref}`));
    keys('claim', 'Enter');
    await until('claim', new RegExp(`${ref} · Sinistre`));
    await until('claim', /1\. photo-evier\.jpg · photo JPEG · \d+\s(octets|Ko)/);
    keys('claim', 'f');
    await until('claim', /Pièce à enregistrer \(n°\s1\)\s:/);
    keys('claim', 'Enter');
    await until('claim', /Enregistré\s: \.\/photo-evier\.jpg/);
    assert.ok(readFileSync(join(dir, 'photo-evier.jpg')).equals(stored), 'the saved photo differs from the stored one');
    keys('claim', 'q');
    rmSync(dir, { recursive: true, force: true });

    // An agent at 80×24: the overview's urgent requests in their columns,
    // then the claim taken and moved to the insurer, as the web desk does.
    await createUser(env.server.db, 'agent.sinistre@exemple.fr', 'Sacha Sinistre', 'agent');
    startTUI('move', 'agent.sinistre@exemple.fr', root, ['80', '24']);
    const overview = await until('move', /^Type\s+Référence[^\n]*\n\S/m);
    const lines = overview.split('\n');
    const head = lines.findIndex((l) => /^Type\s+Référence/.test(l));
    const rows = lines.slice(head + 1, lines.indexOf('', head));
    assert.ok(rows.length > 0, overview);
    for (const row of rows) {
      assert.equal(row.search(/[A-Z]{2}-\d{4}-\d{6}/), lines[head].indexOf('Référence'), `a reference is not under its title:\n${overview}`);
    }
    keys('move', '2');
    // The queue's own title: the reference alone is on the overview too.
    await until('move', new RegExp(`^Demandes · [^\\n]*\\n[\\s\\S]*${ref}`, 'm'));
    keys('move', '/');
    await until('move', /Filtrer\u00a0:/);
    keys('move', '-l', ref);
    keys('move', 'Enter');
    await until('move', new RegExp(`›[^\\n]*${ref}`));
    keys('move', 'Enter');
    await until('move', new RegExp(`${ref} · Sinistre · Déclaré`));
    keys('move', 'a');
    await until('move', new RegExp(`Demande ${ref} prise en charge`));
    keys('move', 's');
    await until('move', /Nouvelle étape du sinistre/);
    keys('move', 'Enter');
    await until('move', /N° de sinistre de l’assureur\s:/);
    keys('move', 'Enter');
    await until('move', /Donnez le numéro de sinistre que l’assureur a attribué\./);
    keys('move', '-l', 'EX-2026-4411');
    keys('move', 'Enter');
    await until('move', /Mot au client \(facultatif\)\s:/);
    keys('move', '-l', 'Nous suivons votre dossier.');
    keys('move', 'Enter');
    await until('move', new RegExp(`Enregistrer cette étape du sinistre ${ref}\\s\\? \\(o/n\\)`));
    keys('move', 'o');
    await until('move', new RegExp(`${ref} passé à «\\s?Transmis à l’assureur\\s?»`));
    await until('move', new RegExp(`${ref} · Sinistre · Transmis à l’assureur`));
    keys('move', 'q');
    // The client reads the step, with the insurer's number and the word.
    const read = await call(page, 'GET', `/api/claims/${id}`);
    assert.equal(read.status, 200);
    assert.equal(read.body.claim.status, 'transmitted');
    assert.equal(read.body.claim.insurerRef, 'EX-2026-4411');
    assert.match(read.body.claim.history.at(-1).text, /EX-2026-4411[\s\S]*Nous suivons votre dossier\./);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
