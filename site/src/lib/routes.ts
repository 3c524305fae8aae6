import table from '../../routes.json';

/** One entry of site/routes.json, the route list shared with the Go server. */
export interface RouteEntry {
  path: string;
  page: string;
  title: string;
  description: string;
  product?: string;
  protected?: boolean;
}

/** Every client route, in the order of site/routes.json. */
export const routes: RouteEntry[] = table.routes;

/** Title and description of the not-found page. */
export const notFound = table.notFound;

/** The request on study of a product: the quote form with the product chosen. */
export function quoteRequestPath(product: string): string {
  return `/quote-request?product=${encodeURIComponent(product)}`;
}
