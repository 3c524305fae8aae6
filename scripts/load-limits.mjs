#!/usr/bin/env node
// Load test of the per-address limits behind a proxy (issue 7): runs
// bin/courtier serve --trusted-proxies 127.0.0.1/32 on a temporary database,
// then, as a crowd of distinct client addresses (X-Forwarded-For) and one
// address hammering past its limits, sends sign-ins (right and wrong
// passwords) and chat messages. Prints a table: the hammering address is
// refused (429), the crowd is not. Loopback only, bounded in requests and
// time (it stops after 90 s whatever happens).
//
//   make build && node scripts/load-limits.mjs [--crowd 200]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'courtier');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const CROWD = Math.min(Math.max(arg('crowd', 200), 1), 1000); // distinct addresses, bounded
const HAMMER = '198.51.100.99';
const DEADLINE_MS = 90_000;
const PARALLEL = 8;
const PASSWORD = 'cheval-agrafe-correct-42';

if (!existsSync(bin)) {
  console.error('bin/courtier is missing: run make build first.');
  process.exit(1);
}

/** Starts the server on a free loopback port; resolves to { url, logs, stop }. */
async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'courtier-load-'));
  const proc = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--db', join(dir, 'load.db'), '--trusted-proxies', '127.0.0.1/32'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let logs = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${logs}`)), 15000);
    proc.stderr.on('data', (chunk) => {
      logs += chunk;
      const m = /serveur prêt"? url=(http:\/\/127\.0\.0\.1:\d+)/.exec(logs);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.on('exit', (code) => reject(new Error(`the server stopped (${code}):\n${logs}`)));
  });
  return {
    url,
    logs: () => logs,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const started = Date.now();
const server = await startServer();
if (!server.url.startsWith('http://127.0.0.1:')) throw new Error('loopback only');
const killer = setTimeout(async () => {
  console.error(`stopped after ${DEADLINE_MS / 1000} s`);
  await server.stop();
  process.exit(1);
}, DEADLINE_MS);

/** One POST as client address `from`, behind the trusted proxy (this process, 127.0.0.1). */
async function post(from, path, body) {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.250, ${from}` },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, json };
}

/** Runs the tasks PARALLEL at a time. */
async function pool(tasks) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/** Counts per row and column: rows[row][column][status]++. */
const rows = {};
const count = (row, col, status) => {
  rows[row] ??= {};
  rows[row][col] ??= {};
  rows[row][col][status] = (rows[row][col][status] ?? 0) + 1;
};

const crowd = Array.from({ length: CROWD }, (_, i) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`);
const reg = await post('192.0.2.200', '/api/auth/register', { email: 'marie@exemple.fr', password: PASSWORD, displayName: 'Marie' });
if (reg.status !== 201) throw new Error(`sign-up: ${reg.status} ${JSON.stringify(reg.json)}`);

// Sign-ins: every crowd address makes one typo (on its own e-mail) and
// signs in to Marie's account; the hammer guesses Marie's password 40
// times, then types the right one.
const t1 = Date.now();
const signIns = [];
for (const ip of crowd) {
  signIns.push(async () => count('crowd', 'sign-in (wrong)', (await post(ip, '/api/auth/login', { email: `typo.${ip}@exemple.fr`, password: 'faux' })).status));
  signIns.push(async () => count('crowd', 'sign-in (right)', (await post(ip, '/api/auth/login', { email: 'marie@exemple.fr', password: PASSWORD })).status));
}
for (let i = 0; i < 40; i++) {
  signIns.push(async () => count('hammer', 'sign-in (wrong)', (await post(HAMMER, '/api/auth/login', { email: 'marie@exemple.fr', password: `essai-${i}` })).status));
}
await pool(signIns);
count('hammer', 'sign-in (right)', (await post(HAMMER, '/api/auth/login', { email: 'marie@exemple.fr', password: PASSWORD })).status);
const signInMs = Date.now() - t1;

// Chat: every crowd address opens a conversation and sends 5 messages; the
// hammer opens 30 conversations and sends 100 messages in its first one.
const t2 = Date.now();
const chats = [];
const converse = async (row, ip, messages) => {
  const start = await post(ip, '/api/chat/conversations', {});
  count(row, 'chat start', start.status);
  const id = start.json?.conversation?.id;
  for (let i = 0; id && i < messages; i++) {
    count(row, 'chat message', (await post(ip, `/api/chat/conversations/${id}/messages`, { text: `Bonjour, question ${i + 1}` })).status);
  }
};
for (const ip of crowd) chats.push(() => converse('crowd', ip, 5));
chats.push(() => converse('hammer', HAMMER, 100));
for (let i = 1; i < 30; i++) chats.push(() => converse('hammer', HAMMER, 0));
await pool(chats);
const chatMs = Date.now() - t2;

// The request log must name each client, not the proxy.
const logged = new Set([...server.logs().matchAll(/msg=requête .* ip=(\S+)/g)].map((m) => m[1]));
clearTimeout(killer);
await server.stop();

const cols = ['sign-in (wrong)', 'sign-in (right)', 'chat start', 'chat message'];
const cell = (r, c) => {
  const s = rows[r]?.[c] ?? {};
  const ok = Object.entries(s).filter(([k]) => k !== '429').reduce((n, [, v]) => n + v, 0);
  return `${ok} ok / ${s[429] ?? 0} × 429`;
};
console.log(`\n${CROWD} crowd addresses + 1 hammering address (${HAMMER}), all through 127.0.0.1 as a trusted proxy\n`);
console.log(`| client | ${cols.join(' | ')} |`);
console.log(`|---|${cols.map(() => '---').join('|')}|`);
console.log(`| crowd (${CROWD} addresses) | ${cols.map((c) => cell('crowd', c)).join(' | ')} |`);
console.log(`| hammer (1 address) | ${cols.map((c) => cell('hammer', c)).join(' | ')} |`);
const statuses = (r, c) => JSON.stringify(rows[r]?.[c] ?? {});
console.log(`\nstatuses: crowd wrong ${statuses('crowd', 'sign-in (wrong)')}, crowd right ${statuses('crowd', 'sign-in (right)')}, hammer right ${statuses('hammer', 'sign-in (right)')}`);
console.log(`sign-ins: ${signIns.length + 1} in ${signInMs} ms; chat: ${chatMs} ms; distinct client addresses in the request log: ${logged.size}; whole run ${((Date.now() - started) / 1000).toFixed(1)} s`);

const crowdRefused = cols.reduce((n, c) => n + (rows.crowd?.[c]?.[429] ?? 0), 0);
const hammerRefused = rows.hammer?.['sign-in (right)']?.[429] === 1 && (rows.hammer?.['chat message']?.[429] ?? 0) > 0 && (rows.hammer?.['chat start']?.[429] ?? 0) > 0;
if (crowdRefused > 0 || !hammerRefused) {
  console.error(`FAILED: crowd refused ${crowdRefused} times; hammer refused as expected: ${hammerRefused}`);
  process.exit(1);
}
console.log('OK: the hammering address is refused, no other address is.');
