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
