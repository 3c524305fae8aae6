import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Loads the lazy routes that match `pathname` and puts what they return on
 * the route objects themselves, as react-router documents for hydrating
 * server-rendered HTML with lazy routes: the router then starts initialized
 * and its first render is the page, not the HydrateFallback. Returns the
 * matched routes (none when nothing matches). `leaf`, when given, may
 * load the last matched route another way (the page module a prerendered
 * document names, without the map of all pages).
 */
export async function resolveLazyRoutes(
  routes: RouteObject[],
  pathname: string,
  leaf?: (route: RouteObject) => RouteObject['lazy'] | undefined,
): Promise<RouteObject[]> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }, i) => {
      const lazy = (i === matches.length - 1 && leaf?.(route)) || route.lazy;
      if (typeof lazy !== 'function') return;
      const resolved = await lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
  return matches.map((m) => m.route);
}
