import { describe, expect, it } from 'vitest';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importsOf, layerFaults, layerOf, sourceFiles } from '../../scripts/check-layers.mjs';

// The direction of the site's imports (scripts/check-layers.mjs, which
// `npm run build` runs too): app → pages → features → components → lib,
// content read by pages and features and reading lib alone, and no page or
// component calling the API itself.

// Not new URL('.', import.meta.url): under jsdom, URL resolves against http://.
const src = dirname(fileURLToPath(import.meta.url));

/** The faults of one module at path with source. */
const faultsOf = (path: string, source: string) => layerFaults([{ path, source }]);

describe('the imports of site/src', () => {
  const files = sourceFiles(src);

  it('finds the modules of every layer', () => {
    expect(files.length).toBeGreaterThan(300);
    const layers = new Set(files.map((f) => layerOf(f.path)));
    for (const layer of ['app', 'pages', 'features', 'components', 'content', 'lib']) expect(layers).toContain(layer);
  });

  it('go in the direction of the layers', () => {
    expect(layerFaults(files)).toEqual([]);
  });
});

describe('layerFaults', () => {
  it.each([
    ['lib/quotes.ts', "import { choices } from '../content/quote-form';", 'lib may not import content'],
    ['lib/x.test.ts', "import { legalSections } from '../content/legal';", 'lib may not import content'],
    ['lib/session.ts', "import { followSession } from '../features/chat/chat-session';", 'lib may not import features'],
    ['components/chat-panel.tsx', "import { ChatOffer } from '../features/contact/chat-offer';", 'components may not import features'],
    ['components/faq.tsx', "import type { FaqEntry } from '../content/types';", 'components may not import content'],
    ['content/home.ts', "import { productPaths } from '../features/prices/paths';", 'content may not import features'],
    ['content/home.ts', "import { Steps } from '../components/steps';", 'content may not import components'],
    ['features/account/two-factor.test.tsx', "import LoginPage from '../../pages/login';", 'features may not import pages'],
    ['pages/ipid.tsx', "import type { RouteHandle } from '../app/router';", 'pages may not import app'],
    ['lib/x.ts', "export { thing } from '../pages/home';", 'lib may not import pages'],
    ['lib/x.ts', "const page = () => import('../pages/home');", 'lib may not import pages'],
    ['lib/x.ts', "const all = import.meta.glob<Module>(['../pages/*.tsx', '!../pages/*.test.tsx']);", 'lib may not import pages'],
    ['lib/x.ts', "import '../components/page-parts.css';", 'lib may not import components'],
  ])('refuses %s importing %j', (path, source, why) => {
    const found = faultsOf(path, source);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(why);
  });

  it.each([
    ['app/page-map.ts', "const m = import.meta.glob<PageModule>(['../pages/*.tsx', '!../pages/*.test.tsx']);"],
    ['pages/login.tsx', "import { logIn } from '../features/account/auth-api';\nimport { ApiError } from '../lib/api';"],
    ['pages/not-found-user.tsx', "import NotFound from './not-found';"],
    ['features/desk/claim-api.ts', "import { claimFiles } from '../claims/api';\nimport { api } from '../../lib/api';"],
    ['features/prices/rates.ts', "import { choices } from '../../content/quote-form';\nconst c = () => import('../../../../pkg/pricing/rates.json?cover-car');"],
    ['components/steps.tsx', "import type { Step } from '../lib/text-types';\nimport { useState } from 'react';"],
    ['content/home.ts', "import { productPaths } from './paths';\nimport { company } from '../lib/company';"],
    ['lib/brand.ts', "import { name } from '../../../pkg/company/company.json?brand';\nimport { once } from './once';"],
    ['pages/login.test.tsx', "answers.set('/api/auth/login', json({}));"],
  ])('lets %s import %j', (path, source) => {
    expect(faultsOf(path, source)).toEqual([]);
  });

  it('refuses a page or a component that calls the API itself', () => {
    expect(faultsOf('pages/register.tsx', "const res = await api<{ user: SessionUser }>('POST', '/api/auth/register', {});")[0])
      .toContain('names an /api/ URL');
    expect(faultsOf('components/notice.tsx', 'const url = `/api/profile/${id}`;')[0]).toContain('names an /api/ URL');
    expect(faultsOf('pages/profile.tsx', "import { api, ApiError } from '../lib/api';")[0]).toContain('imports api() from lib/api');
    expect(faultsOf('features/account/auth-api.ts', "import { api } from '../../lib/api';\napi('POST', '/api/auth/login');")).toEqual([]);
  });

  it('refuses a folder that is in no layer', () => {
    expect(faultsOf('hooks/use-x.ts', '')[0]).toContain('in no layer');
    expect(faultsOf('pages/x.tsx', "import { y } from '../hooks/use-y';")[0]).toContain('in no layer');
  });
});

describe('importsOf', () => {
  it('reads imports, type imports, re-exports, import() and import.meta.glob, not comments or strings', () => {
    const source = [
      "import a from './a';",
      "import type { B } from './b';",
      "export { c } from './c';",
      "const d = () => import('./d');",
      "const e = import.meta.glob<M>(['./e/*.ts', '!./e/*.test.ts']);",
      '// import f from "./f";',
      "const g = 'import h from \"./h\"';",
    ].join('\n');
    expect(importsOf(source).sort()).toEqual(['./a', './b', './c', './d', './e/*.ts']);
  });
});
