import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, type RouteObject } from 'react-router-dom';
import { appRoutes, createAppRouter, loadPageMap } from './app/router';
import type { RouteHandle } from './lib/routes';
import { navLinks } from './components/navbar';
import { resolveLazyRoutes } from './lib/resolve-lazy';
import { preparedPage } from './lib/lazy-page';
import { whenIdle, yieldToBrowser } from './lib/island';
import { loadSession } from './lib/session';
import './app/global.css';

// Reads the session the server wrote into the page before anything renders:
// the first render shows the variant (visitor or signed in) the server chose.
void loadSession();

function app(router: ReturnType<typeof createAppRouter>) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}

/**
 * The prerendered not-found page was rendered at a path under no link of
 * the navbar: under one (/insurance/nope), that link would be active in the
 * browser but not in the HTML, so that page is rendered afresh instead.
 */
function matchesPrerender(matched: RouteObject[], pathname: string): boolean {
  if (matched.at(-1)?.path !== '*') return matched.length > 0;
  return !navLinks.some((l) => l.to !== '/' && pathname.startsWith(`${l.to}/`));
}

/**
 * The page module a prerendered document names (scripts/prerender.mjs puts
 * it on the main script it adds), loaded at once for the route it was
 * rendered for, rather than through the map of every page.
 */
function documentPage(route: RouteObject): RouteObject['lazy'] | undefined {
  const url = document.querySelector<HTMLScriptElement>('script[data-page]')?.dataset.page;
  const entry = (route.handle as RouteHandle | undefined)?.entry;
  if (!url || !entry) return undefined;
  return () => preparedPage(entry, () => import(/* @vite-ignore */ url));
}

/**
 * A public page arrives prerendered (scripts/prerender.mjs): its lazy route
 * is loaded first so that the router's first render is that very page, then
 * React hydrates it. Other pages (protected, with a parameter) arrive as an
 * empty shell and are rendered here.
 */
async function start(root: HTMLElement) {
  if (root.firstChild) {
    try {
      // The page is already on screen: each step of the start (the modules'
      // evaluation, matching the address, making the router, hydrating) is
      // a task of its own, so a click or a scroll never waits for all of them.
      await yieldToBrowser();
      const routes = appRoutes();
      const matched = await resolveLazyRoutes(routes, window.location.pathname, documentPage);
      if (matchesPrerender(matched, window.location.pathname)) {
        // Once the browser is idle, so that the first click finds it.
        void whenIdle().then(loadPageMap).catch(() => {});
        await yieldToBrowser();
        const router = createAppRouter(routes);
        await yieldToBrowser();
        // In a transition, hydration yields to the browser every few
        // milliseconds instead of holding the main thread until it is done.
        startTransition(() => {
          hydrateRoot(root, app(router));
        });
        return;
      }
    } catch {
      // A chunk that failed to load: the router below loads it again and shows the error screen.
    }
  }
  createRoot(root).render(app(createAppRouter()));
}

const root = document.getElementById('root');
if (root) void start(root);
