import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { resolveLazyRoutes } from './resolve-lazy';

function Page() {
  return null;
}

function table() {
  const about = vi.fn(async () => ({ Component: Page }));
  const other = vi.fn(async () => ({ Component: Page }));
  const routes: RouteObject[] = [
    { id: 'root', children: [{ id: 'about', path: '/about', lazy: about }, { id: 'other', path: '/other', lazy: other }] },
  ];
  return { routes, about, other };
}

describe('resolveLazyRoutes', () => {
  it('loads only the matched lazy route and sets its result on the route object', async () => {
    const { routes, about, other } = table();
    const matched = await resolveLazyRoutes(routes, '/about');
    expect(matched.map((r) => r.id)).toEqual(['root', 'about']);
    expect(about).toHaveBeenCalledOnce();
    expect(other).not.toHaveBeenCalled();
    const route = routes[0]?.children?.[0];
    expect(route?.Component).toBe(Page);
    expect(route?.lazy).toBeUndefined();
  });

  it('loads the last matched route the way leaf says, and leaves the route\'s own lazy alone', async () => {
    const { routes, about } = table();
    function Direct() {
      return null;
    }
    const direct = vi.fn(async () => ({ Component: Direct }));
    const matched = await resolveLazyRoutes(routes, '/about', (route) => (route.id === 'about' ? direct : undefined));
    expect(matched.map((r) => r.id)).toEqual(['root', 'about']);
    expect(direct).toHaveBeenCalledOnce();
    expect(about).not.toHaveBeenCalled();
    expect(routes[0]?.children?.[0]?.Component).toBe(Direct);
  });

  it('falls back on the route\'s lazy when leaf has nothing for it', async () => {
    const { routes, about } = table();
    await resolveLazyRoutes(routes, '/about', () => undefined);
    expect(about).toHaveBeenCalledOnce();
  });

  it('matches nothing on an unknown path', async () => {
    const { routes, about, other } = table();
    expect(await resolveLazyRoutes(routes, '/nowhere')).toEqual([]);
    expect(about).not.toHaveBeenCalled();
    expect(other).not.toHaveBeenCalled();
  });
});
