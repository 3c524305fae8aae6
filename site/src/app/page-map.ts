import type { PageModule } from '../lib/lazy-page';

// Every page module of the app, each a chunk of its own. This map (the
// chunks' names and the files each needs) is a chunk too: a prerendered
// page hydrates with its own module, named by its document (main.tsx),
// and this map loads once the browser is idle, before the first click.
const pageModules = import.meta.glob<PageModule>(['../pages/*.tsx', '!../pages/*.test.tsx']);

/** The importer of the page module `page` (src/pages/<page>.tsx), if there is one. */
export function pageImporter(page: string): (() => Promise<PageModule>) | undefined {
  return pageModules[`../pages/${page}.tsx`];
}
