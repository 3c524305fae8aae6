// Writes .gz and .br copies of every compressible file of the built site,
// so the Go server sends compressed bytes without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const compressible = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map']);
const dir = process.argv[2];
if (!dir) {
  console.error('usage: node precompress.mjs DIR');
  process.exit(2);
}

function walk(d) {
  for (const name of readdirSync(d)) {
    const p = join(d, name);
    // The prerendered pages are compressed by the Go server once their head
    // and session are in; the build manifest is not served.
    if (statSync(p).isDirectory()) {
      if (name !== 'prerender' && name !== '.vite') walk(p);
    }
    else if (compressible.has(extname(p))) compress(p);
  }
}

function compress(p) {
  const raw = readFileSync(p);
  if (raw.length < 512) return;
  writeFileSync(p + '.gz', gzipSync(raw, { level: 9 }));
  writeFileSync(p + '.br', brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

walk(dir);
