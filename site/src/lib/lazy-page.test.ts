import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkTimeoutError, chunkTimeoutMs, isChunkLoadError, loadPage, shouldReloadForChunk, type PageModule } from './lazy-page';

const mod: PageModule = { default: () => null };
const stale = () => new TypeError('Failed to fetch dynamically imported module: /assets/careers-x.js');

describe('loadPage', () => {
  afterEach(() => vi.useRealTimers());

  it('returns the module when the chunk loads', async () => {
    await expect(loadPage('home', () => Promise.resolve(mod))).resolves.toBe(mod);
  });

  it('raises an error after 120 seconds (SPEC.md §9)', async () => {
    expect(chunkTimeoutMs).toBe(120_000);
    vi.useFakeTimers();
    let outcome: unknown = 'pending';
    void loadPage('blog', () => new Promise<PageModule>(() => {})).catch((e: unknown) => { outcome = e; });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkTimeoutError);
  });
});

describe('stale chunks', () => {
  beforeEach(() => sessionStorage.clear());

  it.each([
    [stale(), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('x is undefined'), false],
    [new ChunkTimeoutError('blog'), false],
    ['Failed to fetch dynamically imported module', false],
  ])('isChunkLoadError(%s) = %s', (err, want) => {
    expect(isChunkLoadError(err)).toBe(want);
  });

  it('reloads once per path, then lets the error screen show', () => {
    expect(shouldReloadForChunk(stale(), '/careers')).toBe(true);
    expect(shouldReloadForChunk(stale(), '/careers')).toBe(false);
    expect(shouldReloadForChunk(stale(), '/careers')).toBe(true);
  });

  it('never reloads for other errors', () => {
    expect(shouldReloadForChunk(new Error('boum'), '/')).toBe(false);
    expect(sessionStorage.length).toBe(0);
  });

  it('forgets the reload once a page loads', async () => {
    expect(shouldReloadForChunk(stale(), '/news')).toBe(true);
    await loadPage('news', () => Promise.resolve(mod));
    expect(shouldReloadForChunk(stale(), '/news')).toBe(true);
  });
});
