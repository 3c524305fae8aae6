// The performance budgets of the public pages (issue 11, point 4): Lighthouse
// with the system Chromium (mobile and desktop presets, median of N runs),
// the initial JavaScript each page references (gzipped, framework and ours)
// and its HTML document (gzipped), against the built binary on a temporary
// database, loopback only. Prints Markdown tables with each figure marked
// ok/over its budget; a report, not a test: exits 0 once it has measured,
// 1 when it could not run, 2 on bad usage.
//
// Usage (after `make build`, and `cd scripts/budget && npm ci` once):
//   node scripts/budget/run.mjs [--runs N] [--only /path]… [--all] [--binary PATH] [--json FILE]
//
// --all: every public page of site/routes.json (not protected, no
// parameter) instead of the four; with --runs 0, the weights of them all.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';

// Nothing here may fetch a browser: the system Chromium is the only one.
process.env.PUPPETEER_SKIP_DOWNLOAD = '1';
process.env.PUPPETEER_SKIP_CHROMIUM_DOWNLOAD = '1';
process.env.PUPPETEER_SKIP_CHROME_DOWNLOAD = '1';
process.env.PUPPETEER_SKIP_CHROME_HEADLESS_SHELL_DOWNLOAD = '1';
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
process.env.CHROME_PATH = chromePath;

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(here, '../..');

const BUDGET = { score: 100, lcpMs: 1200, tbtMs: 50, jsKiB: 110, htmlKiB: 30 };
const PAGES = ['/', '/insurance/car', '/contact', '/login'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];
// A chunk whose name says it is the framework (react, react-dom, react-router
// and what they bring: scheduler), should the build split them out.
const FRAMEWORK_CHUNK = /^(react|react-dom|react-router|react-router-dom|scheduler|vendor|framework)([-.]|$)/i;
// React's own code, to tell a chunk that bundles the framework with our code.
const REACT_MARKERS = [/react\.(transitional\.)?element/, /__reactFiber|__reactContainer/];

function usage(msg) {
  if (msg) console.error(msg);
  console.error('usage: node scripts/budget/run.mjs [--runs N] [--only /path]… [--all] [--binary PATH] [--json FILE]');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { runs: 3, only: [], all: false, binary: join(root, 'bin', 'courtier'), json: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--runs') {
      opts.runs = Number(value());
      if (!Number.isInteger(opts.runs) || opts.runs < 0) usage('--runs takes a whole number (0: the weights alone, no Lighthouse)');
    } else if (a === '--only') {
      const p = value();
      if (!p.startsWith('/')) usage('--only takes a path starting with /');
      opts.only.push(p);
    } else if (a === '--all') opts.all = true;
    else if (a === '--binary') opts.binary = resolve(value());
    else if (a === '--json') opts.json = resolve(value());
    else if (a === '-h' || a === '--help') usage();
    else usage(`unknown argument: ${a}`);
  }
  return opts;
}

/** The public pages of site/routes.json: the ones served prerendered. */
function publicPages() {
  const { routes } = JSON.parse(readFileSync(join(root, 'site', 'routes.json'), 'utf8'));
  return routes.filter((r) => !r.protected && !r.path.includes(':')).map((r) => r.path);
}

function fail(msg) {
  console.error(`budget: ${msg}`);
  process.exit(1);
}

/** Starts the binary on a free loopback port over a temporary database. */
async function startServer(binary) {
  const dir = mkdtempSync(join(tmpdir(), 'courtier-budget-'));
  const proc = spawn(binary, ['serve', '--addr', '127.0.0.1:0', '--db', join(dir, 'budget.db')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let logs = '';
  const url = await new Promise((ok, ko) => {
    const timer = setTimeout(() => ko(new Error(`the server did not start:\n${logs}`)), 15000);
    proc.stderr.on('data', (chunk) => {
      logs += chunk;
      const m = /serveur prêt"? url=(http:\/\/[^\s"]+)/.exec(logs);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    proc.on('error', (e) => ko(e));
    proc.on('exit', (code) => ko(new Error(`the server stopped (${code}):\n${logs}`)));
  });
  return {
    url,
    stop: async () => {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await new Promise((r) => proc.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** GET with Accept-Encoding: gzip; the body as sent and as decoded. */
function get(url) {
  return new Promise((ok, ko) => {
    const req = request(url, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const gz = res.headers['content-encoding'] === 'gzip';
        ok({ status: res.statusCode, wire, gz, body: gz ? gunzipSync(wire) : wire });
      });
      res.on('error', ko);
    });
    req.on('error', ko);
    req.end();
  });
}

/** The gzipped size of a response: as the server sends it, or gzip -9 of it when it sends it plain. */
function gzSize(r) {
  return r.gz ? r.wire.length : gzipSync(r.body, { level: 9 }).length;
}

/** The static imports of an ES module (minified or not); dynamic import() is left out. */
function staticImports(code) {
  const out = [];
  const re = /(?:^|[;}\n\s])(?:import|export)\s*(?:[\w$*{},\s]*?\s*from\s*)?["']([^"']+\.m?js)["']/g;
  for (let m; (m = re.exec(code));) out.push(m[1]);
  return out;
}

/**
 * The initial JavaScript of a page as its HTML references it: the module
 * scripts, modulepreload links and the modules an inline loader adds, then the static imports of these (what
 * the browser fetches before the entry runs). Inline scripts count with the
 * HTML.
 */
async function initialJs(base, pageUrl, html) {
  const refs = [];
  for (const m of html.matchAll(/<script\b[^>]*\btype=["']?module["']?[^>]*\bsrc=["']([^"']+)["'][^>]*>/gi)) refs.push(m[1]);
  for (const m of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*\btype=["']?module["']?[^>]*>/gi)) refs.push(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*\bhref=["']([^"']+)["'][^>]*>/gi)) refs.push(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\bhref=["']([^"']+)["'][^>]*\brel=["']?modulepreload["']?[^>]*>/gi)) refs.push(m[1]);
  // A prerendered page loads its modules from an inline loader after the
  // first paint (scripts/prerender.mjs, loaderScript): its URLs are quoted
  // in the script.
  for (const m of html.matchAll(/<script>([^<]*)<\/script>/gi)) {
    for (const u of m[1].matchAll(/"(\/assets\/[^"]+\.js)"/g)) refs.push(u[1]);
  }
  const seen = new Map();
  const queue = refs.map((r) => new URL(r, pageUrl).href);
  while (queue.length) {
    const href = queue.shift();
    if (seen.has(href)) continue;
    if (new URL(href).origin !== new URL(base).origin) {
      seen.set(href, { path: href, gz: 0, kind: 'third-party (not measured)' });
      continue;
    }
    const r = await get(href);
    if (r.status !== 200) throw new Error(`${href}: status ${r.status}`);
    const code = r.body.toString('utf8');
    const name = new URL(href).pathname.split('/').pop();
    let kind = 'ours';
    if (FRAMEWORK_CHUNK.test(name)) kind = 'framework';
    else if (REACT_MARKERS.every((re) => re.test(code))) kind = 'mixed';
    seen.set(href, { path: new URL(href).pathname, gz: gzSize(r), raw: r.body.length, kind });
    for (const imp of staticImports(code)) queue.push(new URL(imp, href).href);
  }
  const files = [...seen.values()];
  const sum = (k) => files.filter((f) => !k || f.kind === k).reduce((n, f) => n + f.gz, 0);
  return { files, total: sum(), framework: sum('framework'), ours: sum('ours'), mixed: sum('mixed') };
}

function median(xs) {
  const s = xs.filter((x) => typeof x === 'number' && !Number.isNaN(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** One Lighthouse run in a fresh Chromium; the figures and the audits that cost points. */
async function lighthouseRun(lighthouse, chromeLauncher, desktopConfig, url, preset) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const num = (id) => lhr.audits[id]?.numericValue;
    const out = {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? NaN : Math.round(lhr.categories[c].score * 100)])),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      losing: [],
      warnings: lhr.runWarnings ?? [],
    };
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && typeof a.score === 'number' && a.score < 1 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode)) {
          out.losing.push(`${c}: ${ref.id} (${a.score})`);
        }
      }
    }
    return out;
  } finally {
    await chrome.kill();
  }
}

/**
 * A run that Lighthouse itself asks to be run again (a trace it could not
 * read, NO_NAVSTART and the like), run again up to twice; the figures are
 * still those of complete runs only.
 */
async function withRetries(run, what) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt === 3 || !/^Lighthouse: /.test(err.message)) throw err;
      console.error(`budget: ${what}: ${err.message.split('\n')[0]}; run again`);
    }
  }
}

const kib = (b) => (b / 1024).toFixed(1);
const mark = (ok) => (ok ? 'ok' : '**over**');

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(join(here, 'node_modules', 'lighthouse'))) {
    fail('Lighthouse is not installed: run `cd scripts/budget && npm ci` first');
  }
  if (!existsSync(opts.binary)) fail(`${opts.binary} does not exist: run \`make build\` first (or pass --binary)`);
  if (!existsSync(chromePath)) fail(`no Chromium at ${chromePath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const pages = opts.all ? publicPages() : opts.only.length ? opts.only : PAGES;
  const started = Date.now();

  const server = await startServer(opts.binary);
  const results = [];
  try {
    for (const path of pages) {
      const url = server.url + path;
      const doc = await get(url);
      if (doc.status !== 200) console.error(`budget: ${path} answers ${doc.status}`);
      const html = doc.body.toString('utf8');
      const js = await initialJs(server.url, url, html);
      const page = { path, status: doc.status, htmlGz: gzSize(doc), htmlRaw: doc.body.length, htmlSentGzip: doc.gz, js, presets: {} };
      for (const preset of opts.runs ? ['mobile', 'desktop'] : []) {
        const runs = [];
        for (let i = 0; i < opts.runs; i++) {
          const t = Date.now();
          runs.push(await withRetries(() => lighthouseRun(lighthouse, chromeLauncher, desktopConfig, url, preset), `${path} ${preset}`));
          console.error(`budget: ${path} ${preset} run ${i + 1}/${opts.runs} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
        }
        page.presets[preset] = {
          runs,
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])),
          fcp: median(runs.map((r) => r.fcp)),
          lcp: median(runs.map((r) => r.lcp)),
          tbt: median(runs.map((r) => r.tbt)),
          cls: median(runs.map((r) => r.cls)),
        };
      }
      results.push(page);
    }
  } finally {
    await server.stop();
  }
  const seconds = (Date.now() - started) / 1000;

  const lines = [];
  const version = await (async () => {
    try {
      const { createRequire } = await import('node:module');
      return createRequire(import.meta.url)('lighthouse/package.json').version;
    } catch {
      return '?';
    }
  })();
  lines.push(`Lighthouse ${version}, ${chromePath}, median of ${opts.runs} run(s) per page and preset; binary ${opts.binary}; ${new Date().toISOString().slice(0, 10)}, ${seconds.toFixed(0)} s.`);
  lines.push('');
  if (opts.runs) {
    lines.push('| page | preset | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |');
    lines.push('|---|---|---|---|---|---|---|---|---|---|');
  }
  for (const p of results) {
    for (const preset of Object.keys(p.presets)) {
      const r = p.presets[preset];
      const sc = CATEGORIES.map((c) => `${r.scores[c]} ${mark(r.scores[c] >= BUDGET.score)}`);
      const lcp = `${(r.lcp / 1000).toFixed(2)} s${preset === 'mobile' ? ' ' + mark(r.lcp <= BUDGET.lcpMs) : ''}`;
      const tbt = `${Math.round(r.tbt)} ms${preset === 'mobile' ? ' ' + mark(r.tbt <= BUDGET.tbtMs) : ''}`;
      lines.push(`| ${p.path} | ${preset} | ${sc.join(' | ')} | ${(r.fcp / 1000).toFixed(2)} s | ${lcp} | ${tbt} | ${r.cls.toFixed(3)} |`);
    }
  }
  lines.push('');
  lines.push(`Budgets: 100 in every category and preset; on mobile LCP ≤ ${BUDGET.lcpMs / 1000} s and TBT ≤ ${BUDGET.tbtMs} ms; initial JavaScript ≤ ${BUDGET.jsKiB} Kio and HTML ≤ ${BUDGET.htmlKiB} Kio gzipped.`);
  lines.push('');
  lines.push('| page | HTML (gzip) | initial JS (gzip) | framework | ours | framework + ours in one chunk | files |');
  lines.push('|---|---|---|---|---|---|---|');
  for (const p of results) {
    const j = p.js;
    lines.push(`| ${p.path} | ${kib(p.htmlGz)} Kio ${mark(p.htmlGz <= BUDGET.htmlKiB * 1024)} | ${kib(j.total)} Kio ${mark(j.total <= BUDGET.jsKiB * 1024)} | ${kib(j.framework)} Kio | ${kib(j.ours)} Kio | ${kib(j.mixed)} Kio | ${j.files.map((f) => `${f.path.split('/').pop()} ${kib(f.gz)}`).join(', ')} |`);
  }
  lines.push('');
  lines.push('Framework: chunks named after react, react-dom, react-router (or scheduler, vendor); a chunk that holds React\'s code together with ours is counted apart.');
  const losing = [];
  for (const p of results) {
    for (const preset of Object.keys(p.presets)) {
      const count = new Map();
      for (const r of p.presets[preset].runs) for (const l of r.losing) count.set(l, (count.get(l) ?? 0) + 1);
      if (count.size) losing.push(`- ${p.path} ${preset}: ${[...count].map(([l, n]) => `${l} in ${n}/${opts.runs}`).join('; ')}`);
      const warnings = new Set(p.presets[preset].runs.flatMap((r) => r.warnings));
      for (const w of warnings) losing.push(`- ${p.path} ${preset}: warning: ${w}`);
    }
  }
  if (losing.length) {
    lines.push('');
    lines.push('Audits that cost points (category: audit id (score) in how many runs):');
    lines.push(...losing);
  }
  console.log(lines.join('\n'));
  if (opts.json) {
    writeFileSync(opts.json, JSON.stringify({ date: new Date().toISOString(), seconds, runs: opts.runs, binary: opts.binary, results }, null, 2));
  }
}

main().catch((e) => fail(e.stack || String(e)));
