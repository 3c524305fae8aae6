// The build's prerendering entry (vite build --ssr): renders one public page
// to HTML with the same routes and components as the browser. See
// scripts/prerender.mjs, which writes the documents Go serves.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { appRoutes } from './app/router';
import { primeSession, type Session } from './lib/session';

export { routes, notFound } from './lib/routes';

/**
 * The HTML of the app at `url` (the inside of #root) for `session`. The
 * router's hydration script is left out (hydrate={false}): public routes
 * have no loader data to carry, the browser resolves the page's lazy route
 * before hydrating, and the page needs no inline script beyond index.html's.
 */
export async function render(url: string, session: Session): Promise<string> {
  primeSession(session);
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url}: the route answered a redirect (${context.status})`);
  if (context.errors) throw new Error(`${url}: the route failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
    // Every boundary inline, where it stands: past this many bytes React
    // would move the later ones to the end of the document, hidden until
    // an inline script reveals them (never without JavaScript, and 300 ms
    // after the first frame with it, moving what is below).
    { onError: (err) => { errors.push(err); }, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (errors.length) throw new Error(`${url}: ${String(errors[0])}`, { cause: errors[0] });
  return new Response(prelude).text();
}
