// `courtier tui` in a real terminal (tmux, 120×36) on the database of a
// running `courtier serve`: the overview shows a request filed through the
// website, an admin changes a user's role in Utilisateurs and `courtier
// users list --json` sees it, an agent takes the request in Demandes and
// the website shows who holds it.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
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

/** Starts `courtier tui --as email` in a detached 120×36 tmux session named name. */
function startTUI(name, email) {
  tmux('new-session', '-d', '-s', name, '-x', '120', '-y', '36',
    `${bin} tui --db ${env.server.db} --as ${email} --refresh 1s; sleep 30`);
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
    keys('admin', '-l', 'cliente.tui');
    keys('admin', 'Enter');
    await until('admin', /›[^\n]*cliente\.tui@exemple\.fr/);
    keys('admin', 'r');
    await until('admin', /admin[\s\S]*agent[\s\S]*client/);
    keys('admin', 'Up');
    keys('admin', 'Enter');
    await until('admin', /Passer cliente\.tui@exemple\.fr de client à agent/);
    keys('admin', 'o');
    await until('admin', /cliente\.tui@exemple\.fr est désormais agent/);
    const listed = JSON.parse(execFileSync(bin, ['users', 'list', '--json', '--db', env.server.db], { encoding: 'utf8' }));
    const users = Array.isArray(listed) ? listed : listed.users;
    assert.equal(users.find((u) => u.email === 'cliente.tui@exemple.fr').role, 'agent');

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
});
