import { describe, expect, it, vi } from 'vitest';
import { moduleCache } from './module-cache';

describe('moduleCache', () => {
  it('imports once, then holds the module', async () => {
    const importer = vi.fn(() => Promise.resolve({ answer: 42 }));
    const cache = moduleCache(importer);
    expect(cache.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([cache.load(), cache.load()]);
    expect(a).toBe(b);
    expect(cache.loaded()).toBe(a);
    await cache.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed import', async () => {
    const importer = vi.fn()
      .mockRejectedValueOnce(new Error('réseau'))
      .mockResolvedValueOnce({ answer: 42 });
    const cache = moduleCache(importer);
    await expect(cache.load()).rejects.toThrow('réseau');
    expect(cache.loaded()).toBeUndefined();
    expect(await cache.load()).toEqual({ answer: 42 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
