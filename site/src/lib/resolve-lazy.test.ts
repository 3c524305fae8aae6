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

  it('matches nothing on an unknown path', async () => {
    const { routes, about, other } = table();
    expect(await resolveLazyRoutes(routes, '/nowhere')).toEqual([]);
    expect(about).not.toHaveBeenCalled();
    expect(other).not.toHaveBeenCalled();
  });
});
