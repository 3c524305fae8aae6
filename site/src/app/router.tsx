import { createBrowserRouter, redirect, replace, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { Layout } from './layout';
import { ErrorScreen } from '../components/error-screen';
import { Loading } from '../components/loading';
import { chunkTimeoutMs, ChunkTimeoutError, preparedPage, withTimeout } from '../lib/lazy-page';
import { notFound, routes, type RouteEntry, type RouteHandle } from '../lib/routes';
import { loadSession } from '../lib/session';
import { isStaffPage, loadStaffFrame } from './staff-frame-loader';

/** The map of the page modules (app/page-map.ts), a chunk apart from the main script. */
export const loadPageMap = () => import('./page-map');

function lazyFor(entry: RouteEntry): RouteObject['lazy'] {
  return async () => {
    const { pageImporter } = await withTimeout(loadPageMap(), chunkTimeoutMs, () => new ChunkTimeoutError(entry.page));
    const importer = pageImporter(entry.page);
    if (!importer) throw new Error(`la page « ${entry.page} » n’existe pas`);
    return preparedPage(entry, importer);
  };
}

/**
 * Sends a signed-out visitor to /login and remembers where they were going
 * (and staff without a second factor from the broker's pages to /dashboard).
 * The protected page must not stay in history (Back would bounce to /login
 * again), and the page the visitor came from must: when the protected URL is
 * already the current entry (first load, Back or Forward) /login replaces
 * it; after an in-app link it never entered history, so /login is pushed
 * in its place (a replace there would overwrite the page before it).
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  const session = await loadSession();
  const user = session.user;
  if (user) {
    // Staff reach the broker's pages once their second factor is set up;
    // /dashboard shows them how.
    const url = new URL(request.url);
    const gated = user.role !== 'client' && !user.twoFactor && url.pathname.startsWith('/dashboard/');
    if (gated) return replace('/dashboard');
    // The staff's frame comes with their page, so it never flashes the public one.
    if (isStaffPage(user, url.pathname)) await loadStaffFrame();
    return null;
  }
  const url = new URL(request.url);
  const next = url.pathname + url.search;
  const login = `/login?next=${encodeURIComponent(next)}`;
  const current = window.location.pathname + window.location.search;
  return current === next ? replace(login) : redirect(login);
}

function routeObject(entry: RouteEntry): RouteObject {
  return {
    path: entry.path,
    handle: { entry } satisfies RouteHandle,
    loader: entry.protected ? requireSession : undefined,
    lazy: lazyFor(entry),
  };
}

/** The route objects of the app, derived from site/routes.json. */
export function appRoutes(): RouteObject[] {
  const notFoundEntry: RouteEntry = { path: '*', page: 'not-found', ...notFound };
  return [
    {
      element: <Layout />,
      errorElement: <ErrorScreen />,
      HydrateFallback: Loading,
      children: [
        {
          errorElement: <ErrorScreen />,
          children: [...routes.map(routeObject), { ...routeObject(notFoundEntry), path: '*' }],
        },
      ],
    },
  ];
}

/** The browser router of the site, over `routes` (fresh ones by default). */
export function createAppRouter(routes: RouteObject[] = appRoutes()) {
  return createBrowserRouter(routes);
}
