// Reports the JavaScript the home page loads before it is usable: every
// script the browser fetches for "/", with its gzipped size from site/dist.
// Usage: node scripts/js-weight.mjs [path]   (after make build)
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, startServer } from './e2e/helpers.mjs';

const dist = fileURLToPath(new URL('../site/dist', import.meta.url));
const path = process.argv[2] ?? '/';
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
  });
  await page.goto(server.url + path, { waitUntil: 'networkidle' });
  let total = 0;
  for (const s of [...scripts].sort()) {
    const file = join(dist, s);
    let gz;
    try {
      gz = statSync(file + '.gz').size;
    } catch {
      gz = statSync(file).size; // too small to be precompressed
    }
    total += gz;
    console.log(`${String(gz).padStart(8)} o  ${s}`);
  }
  console.log(`${String(total).padStart(8)} o  total gzip (${(total / 1024).toFixed(1)} Kio) pour ${path}`);
} finally {
  await browser.close();
  await server.stop();
}
