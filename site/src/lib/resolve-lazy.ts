import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Loads the lazy routes that match `pathname` and puts what they return on
 * the route objects themselves, as react-router documents for hydrating
 * server-rendered HTML with lazy routes: the router then starts initialized
 * and its first render is the page, not the HydrateFallback. Returns the
 * matched routes (none when nothing matches).
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<RouteObject[]> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
  return matches.map((m) => m.route);
}
