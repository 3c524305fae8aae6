import * as table from '../../routes.json?client';

/**
 * One entry of site/routes.json, the route list shared with the Go server,
 * without its description: the HTML's <meta> has it from the server, and
 * the browser loads the descriptions apart (loadDescription).
 */
export interface RouteEntry {
  path: string;
  page: string;
  title: string;
  product?: string;
  protected?: boolean;
}

/** Route data every page can read with `useMatches()` (app/router.tsx sets it). */
export interface RouteHandle {
  entry: RouteEntry;
}

/** Every client route, in the order of site/routes.json. */
export const routes: RouteEntry[] = table.routes;

/** Title of the not-found page. */
export const notFound = table.notFound;

/** The description of the route at `path` (the not-found page's when none), from its own chunk. */
export async function loadDescription(path: string): Promise<string> {
  const d = await import('../../routes.json?descriptions');
  return d.byPath[path] ?? d.notFound;
}

/** The request on study of a product: the quote form with the product chosen. */
export function quoteRequestPath(product: string): string {
  return `/quote-request?product=${encodeURIComponent(product)}`;
}
