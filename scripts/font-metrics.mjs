// Measures the fallback faces of styles/tokens.css: the width of a French
// paragraph and the vertical metrics of Figtree against Arial's (Liberation
// Sans has Arial's metrics), regular and bold, in the system Chromium, and
// prints the @font-face overrides that make the fallback take Figtree's
// room, so that nothing moves when Figtree arrives (CLS 0).
//   node scripts/font-metrics.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './e2e/helpers.mjs';

const file = fileURLToPath(new URL('../site/node_modules/@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2', import.meta.url));
const text = 'Le courtier compare les offres de nos assureurs partenaires, vous conseille et vous accompagne de la '
  + 'souscription au sinistre. Obtenez votre prix en deux minutes : assurance auto, habitation, santé, vie, '
  + 'professionnels, VTC, flotte et temporaire. À partir de 30,92 € par mois pour un conducteur de 45 ans.';

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  const m = await page.evaluate(async ({ b64, text }) => {
    const face = new FontFace('Figtree', Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), { weight: '300 900' });
    await face.load();
    document.fonts.add(face);
    const ctx = document.createElement('canvas').getContext('2d');
    const out = {};
    for (const [name, family] of [['figtree', 'Figtree'], ['arial', 'Liberation Sans']]) {
      for (const weight of [400, 700]) {
        ctx.font = `${weight} 100px "${family}"`;
        const t = ctx.measureText(text);
        out[`${name}${weight}`] = { width: t.width, ascent: t.fontBoundingBoxAscent, descent: t.fontBoundingBoxDescent };
      }
    }
    return out;
  }, { b64: readFileSync(file).toString('base64'), text });
  for (const weight of [400, 700]) {
    const f = m[`figtree${weight}`];
    const adjust = f.width / m[`arial${weight}`].width;
    const pct = (x) => `${(x * 100).toFixed(2)}%`;
    console.log(`${weight}: size-adjust: ${pct(adjust)}; ascent-override: ${pct(f.ascent / 100 / adjust)}; descent-override: ${pct(f.descent / 100 / adjust)}; line-gap-override: 0%;`);
  }
} finally {
  await browser.close();
}
