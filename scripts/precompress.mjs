// Writes .gz and .br copies of every compressible file of the built site,
// so the Go server sends compressed bytes without compressing per request.
// The .gz copies are made by zopfli when it is installed (apt-get install
// zopfli; .ci/run does): the same gzip format, 3–4 % smaller than zlib's
// level 9, which every browser without Brotli receives. Without it, zlib
// level 9, and a line says so.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, extname } from 'node:path';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const compressible = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map']);
const dir = process.argv[2];
if (!dir) {
  console.error('usage: node precompress.mjs DIR');
  process.exit(2);
}

function hasZopfli() {
  try {
    execFileSync('zopfli', ['-h'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // zopfli -h exits 0 on some builds and 1 on others; only a missing program is "none".
    return err.code !== 'ENOENT';
  }
}

const files = [];
function walk(d) {
  for (const name of readdirSync(d)) {
    const p = join(d, name);
    // The prerendered pages are compressed by the Go server once their head
    // and session are in; the build manifest is not served.
    if (statSync(p).isDirectory()) {
      if (name !== 'prerender' && name !== '.vite') walk(p);
    }
    else if (compressible.has(extname(p)) && statSync(p).size >= 512) files.push(p);
  }
}

const run = promisify(execFile);
const zopfli = hasZopfli();

async function compress(p) {
  const raw = readFileSync(p);
  writeFileSync(p + '.br', brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  if (zopfli) {
    const { stdout } = await run('zopfli', ['-c', p], { encoding: 'buffer', maxBuffer: 64 << 20 });
    writeFileSync(p + '.gz', stdout);
  } else {
    writeFileSync(p + '.gz', gzipSync(raw, { level: 9 }));
  }
}

walk(dir);
const started = performance.now();
const queue = [...files];
await Promise.all(Array.from({ length: availableParallelism() }, async () => {
  for (let p = queue.shift(); p; p = queue.shift()) await compress(p);
}));
const how = zopfli ? 'gzip by zopfli' : 'gzip by zlib level 9 (zopfli is not installed: apt-get install zopfli)';
console.log(`precompress: ${files.length} files, ${how} and Brotli 11, in ${Math.round(performance.now() - started)} ms`);
