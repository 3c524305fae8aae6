import { defineConfig, type Plugin } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { buildSprite } from './src/illustrations/sprite.ts';
import { spriteUrl } from './src/illustrations/sprite-url.ts';

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

const illustrationsDir = fileURLToPath(new URL('./src/illustrations', import.meta.url));

/**
 * The sprite of the illustrations (src/illustrations/sprite.ts), written
 * into the build and served by the dev server, made afresh from the
 * drawings each time.
 */
function illustrationSprite(): Plugin {
  return {
    name: 'courtier-illustration-sprite',
    configureServer(server) {
      server.middlewares.use(spriteUrl, (_req, res) => {
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(buildSprite(illustrationsDir));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: spriteUrl.slice(1), source: buildSprite(illustrationsDir) });
    },
  };
}

/** The types of the questions that describe a vehicle not in the catalogue (pkg/pricing/described.go). */
const describedTypes = new Set(['vehicleText', 'vehicleChoice', 'vehicleInt', 'vehicleCents']);

/** A smaller module made from one of the project's JSON files, for the pages that need only that. */
interface JsonView {
  file: string;
  suffix: string;
  exports: (data: Record<string, unknown>) => Record<string, unknown>;
  /** Loaders of other views, `() => import(…)` by key, exported as code beside the data (given the file's path). */
  loaders?: (data: Record<string, unknown>, path: string) => Record<string, Record<string, string>>;
}

/** What the site reads of a product priced at once (pkg/pricing/products.json, made from the Go specs: pricing.SiteProduct). */
interface SiteProduct {
  id: string;
  vehicle: boolean;
  temporary: boolean;
  hamon: boolean;
}

/**
 * The products priced at once, in the site's order: the file Go writes
 * from the products' specs and the rating file (TestProductsFile checks it),
 * so that a product added there needs no list here.
 */
const priceProducts = JSON.parse(readFileSync(fileURLToPath(new URL('../pkg/pricing/products.json', import.meta.url)), 'utf8')) as SiteProduct[];
const productsOf = (data: Record<string, unknown>) => data as unknown as SiteProduct[];

type Routes = { notFound: { title: string; description: string }; routes: { path: string; description: string }[] };

/**
 * The views of vite.config.ts (declared for TypeScript in src/json-views.d.ts):
 * what the browser's first JavaScript reads of files it would otherwise
 * carry whole (the budget of issue 23). The build's prerendering reads the
 * same views; scripts/check-typography.mjs and the Go server read the files.
 */
const jsonViews: JsonView[] = [
  {
    // The partners' names and the products on study, for the home and product pages (not the 70 KB rating file).
    file: 'rates.json',
    suffix: '?summary',
    exports: (rates) => ({
      insurerNames: (rates.insurers as { name: string }[]).map((i) => i.name),
      onStudy: rates.onStudy,
    }),
  },
  {
    // What the site reads of the rating file besides the products: no premium, factor or tax.
    file: 'rates.json',
    suffix: '?site',
    exports: (r) => ({
      version: r.version,
      validDays: r.validDays,
      disclaimer: r.disclaimer,
      insurers: (r.insurers as { id: string; name: string }[]).map(({ id, name }) => ({ id, name })),
    }),
  },
  // The departments' codes, for the check of a postal code (loaded with the journey's checks).
  { file: 'rates.json', suffix: '?departments', exports: (r) => ({ departmentCodes: Object.keys(r.departments as object) }) },
  // The IPID sections' titles, for the IPID pages alone (not the price journeys).
  { file: 'rates.json', suffix: '?ipid', exports: (r) => ({ ipidSections: r.ipidSections }) },
  // Each product priced at once in two chunks: what its journey's form asks
  // (the questions, the options), loaded with the journey; and its needs,
  // formulas and IPID, loaded from the journey's second step (its third
  // asks the needs), with the prices, or with the IPID page. The
  // questions that describe a vehicle not in the catalogue are a third,
  // loaded with their form at « Mon véhicule n’est pas dans la liste ».
  ...priceProducts.map((p) => p.id).flatMap((id): JsonView[] => {
    const productOf = (r: Record<string, unknown>) => (r.products as Record<string, Record<string, unknown>>)[id]!;
    return [
      {
        file: 'rates.json',
        suffix: `?price-${id}`,
        exports: (r) => {
          const { factors: _f, parts: _p, taxes: _t, formulas: _c, ipid: _i, needs: _n, ...form } = productOf(r);
          // A question's `source` (the law behind a bound) is for the
          // rating file's readers, not the form: the page never shows it.
          const questions = (form.form as Record<string, unknown>[])
            .filter((q) => !describedTypes.has(q.type as string))
            .map(({ source: _s, ...q }) => q);
          return { form: { ...form, form: questions } };
        },
      },
      {
        file: 'rates.json',
        suffix: `?describe-${id}`,
        exports: (r) => {
          const fields = ((productOf(r).form as Record<string, unknown>[]) ?? []).filter((q) => describedTypes.has(q.type as string));
          const d = r.describedVehicle as { maxAge: number; carKw: { energies: Record<string, { minFiscalPower: number; maxFiscalPower: number }> } };
          const fiscalPower = Object.fromEntries(Object.entries(d.carKw.energies).map(([e, x]) => [e, [x.minFiscalPower, x.maxFiscalPower]]));
          return { describe: { fields, maxAge: d.maxAge, fiscalPower } };
        },
      },
      {
        file: 'rates.json',
        suffix: `?cover-${id}`,
        exports: (r) => {
          const { formulas, ipid, needs } = productOf(r);
          return { cover: { formulas, ipid, needs } };
        },
      },
    ];
  }),
  {
    // The products priced at once and the loaders of their views (the chunks above), for the price journeys.
    file: 'products.json',
    suffix: '?price',
    exports: (d) => ({ priceProductIds: productsOf(d).map((p) => p.id) }),
    loaders: (d, path) => {
      const rates = path.replace(/products\.json$/, 'rates.json');
      const of = (ps: SiteProduct[], view: string) => Object.fromEntries(ps.map((p) => [p.id, `${rates}?${view}-${p.id}`]));
      const products = productsOf(d);
      const vehicles = products.filter((p) => p.vehicle);
      return { formViews: of(products, 'price'), coverViews: of(products, 'cover'), describeViews: of(vehicles, 'describe') };
    },
  },
  {
    // What a subscription checks of its product (features/contracts/details.ts).
    file: 'products.json',
    suffix: '?contracts',
    exports: (d) => {
      const ids = (keep: (p: SiteProduct) => boolean) => productsOf(d).filter(keep).map((p) => p.id);
      return { vehicleIds: ids((p) => p.vehicle), hamonIds: ids((p) => p.hamon), sameDayIds: ids((p) => p.temporary) };
    },
  },
  {
    // The profile without what one page alone shows: the home's advantages, the about page's team.
    file: 'company.json',
    suffix: '?profile',
    exports: ({ advantages: _a, team: _t, ...profile }) => profile,
  },
  { file: 'company.json', suffix: '?advantages', exports: (c) => ({ advantages: c.advantages }) },
  { file: 'company.json', suffix: '?team', exports: (c) => ({ team: c.team }) },
  {
    // What every page's frame shows of the company (the navbar, the titles, the error screen).
    file: 'company.json',
    suffix: '?brand',
    exports: (c) => ({ name: c.name, phone: c.phone, phoneInternational: c.phoneInternational, email: c.email }),
  },
  {
    // The route table without its descriptions, which only the HTML's <meta> needs.
    file: 'routes.json',
    suffix: '?client',
    exports: (r) => {
      const { notFound, routes } = r as Routes;
      return { notFound: { title: notFound.title }, routes: routes.map(({ description: _, ...rest }) => rest) };
    },
  },
  {
    // The descriptions, loaded on the first navigation in the browser.
    file: 'routes.json',
    suffix: '?descriptions',
    exports: (r) => {
      const { notFound, routes } = r as Routes;
      return { notFound: notFound.description, byPath: Object.fromEntries(routes.map((e) => [e.path, e.description])) };
    },
  },
];

/** Resolves `…/<file><suffix>` imports to the views above, each a module of its own. */
function jsonViewModules(): Plugin {
  const viewOf = (id: string) => jsonViews.find((v) => id.endsWith(`${v.file}${v.suffix}`));
  return {
    name: 'courtier-json-views',
    enforce: 'pre',
    async resolveId(source, importer) {
      const view = viewOf(source);
      if (!view) return null;
      const file = await this.resolve(source.slice(0, -view.suffix.length), importer, { skipSelf: true });
      return file ? `\0${file.id}${view.suffix}` : null;
    },
    load(id) {
      const view = id.startsWith('\0') ? viewOf(id) : undefined;
      if (!view) return null;
      const file = id.slice(1, -view.suffix.length);
      this.addWatchFile(file);
      const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const exports = view.exports(data);
      const loaders = view.loaders?.(data, file) ?? {};
      // Named exports, which tree-shaking keeps one by one, and the object of them all as the default.
      const names = [...Object.keys(exports), ...Object.keys(loaders)];
      return [
        ...Object.keys(exports).map((k) => `export const ${k} = ${JSON.stringify(exports[k])};`),
        ...Object.entries(loaders).map(([k, byKey]) => {
          const entries = Object.entries(byKey).map(([key, id]) => `${JSON.stringify(key)}: () => import(${JSON.stringify(id)})`);
          return `export const ${k} = { ${entries.join(', ')} };`;
        }),
        `export default { ${names.join(', ')} };`,
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [jsonViewModules(), preloadFont(), illustrationSprite()],
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
    setupFiles: ['src/test-setup.ts'],
    // A hang guard, not a speed check: make test runs vitest beside both Go
    // suites and the build on two cores, where a test that waits for a lazy
    // chunk (testing-library waits up to 15 s, src/test-setup.ts) can pass
    // vitest's default 5 s in all.
    testTimeout: 30_000,
    // One jsdom per worker instead of one per file: making it cost about
    // a second per file, 62 of vitest's 120 s (2026-11-28). The files
    // share it, and src/test-setup.ts puts it back as found after each.
    isolate: false,
  },
});
