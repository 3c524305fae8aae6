import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// The company profile lives in pkg/company so that Go can embed it; the
// dev server must be allowed to read it from outside the site root.
const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  server: { fs: { allow: [root] } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
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
