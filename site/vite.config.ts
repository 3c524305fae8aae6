import { defineConfig, type Plugin } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';

// The company profile lives in pkg/company so that Go can embed it; the
// dev server must be allowed to read it from outside the site root.
const root = fileURLToPath(new URL('..', import.meta.url));

/** The typeface's file (styles/tokens.css) and its licence, kept beside it in the build. */
const fontFile = /figtree-latin-wght-normal-[\w-]+\.woff2$/;
const fontLicence = fileURLToPath(new URL('./node_modules/@fontsource-variable/figtree/LICENSE', import.meta.url));

/**
 * Preloads the typeface from every document (index.html, hence every shell
 * and prerendered page), so that it arrives with the page's first bytes
 * rather than once the CSS names it; and ships its OFL licence with it.
 */
function preloadFont(): Plugin {
  return {
    name: 'courtier-preload-font',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'assets/LICENSE-figtree.txt', source: readFileSync(fontLicence) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((f) => fontFile.test(f));
        if (!font) throw new Error('the build has no Figtree file to preload');
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}

const summarySuffix = '?summary';

/**
 * `pkg/pricing/rates.json?summary`: what the pages outside the price
 * journey read of the rating file (the partners' names, the products on
 * study), a module of its own, so the home and product pages do not carry
 * the whole file (70 KB) in their JavaScript. Declared in src/summary.d.ts.
 */
function ratesSummary(): Plugin {
  return {
    name: 'courtier-rates-summary',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(`rates.json${summarySuffix}`)) return null;
      const file = await this.resolve(source.slice(0, -summarySuffix.length), importer, { skipSelf: true });
      return file ? `\0${file.id}${summarySuffix}` : null;
    },
    load(id) {
      if (!id.startsWith('\0') || !id.endsWith(summarySuffix)) return null;
      const file = id.slice(1, -summarySuffix.length);
      this.addWatchFile(file);
      const rates = JSON.parse(readFileSync(file, 'utf8')) as { insurers: { name: string }[]; onStudy: unknown };
      return [
        `export const insurerNames = ${JSON.stringify(rates.insurers.map((i) => i.name))};`,
        `export const onStudy = ${JSON.stringify(rates.onStudy)};`,
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [ratesSummary(), preloadFont()],
  server: { fs: { allow: [root] } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    // The typeface stays a file of its own, cached apart, never inlined in the CSS.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    // scripts/prerender.mjs reads it to put each page's CSS and chunks in its HTML.
    manifest: true,
    // Precompressed copies are made by scripts/precompress.mjs after the build.
    reportCompressedSize: true,
    rollupOptions: {
      // react-router marks its modules "use client" for server components; meaningless in this app.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
