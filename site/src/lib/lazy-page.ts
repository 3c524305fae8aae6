import type { ComponentType } from 'react';
import type { RouteEntry } from './routes';

/**
 * A page module: its default export is the page component; `prepare`, when
 * there is one, loads what the page reads at once for its route's entry
 * (a product page's copy), before the page's first render.
 */
export interface PageModule {
  default: ComponentType;
  prepare?: (entry: RouteEntry) => Promise<void>;
}

/** SPEC.md §9: a page chunk that has not loaded after 120 seconds is an error. */
export const chunkTimeoutMs = 120_000;

const reloadKey = 'courtier:chunk-reload';

/** The error raised when a page chunk takes too long. */
export class ChunkTimeoutError extends Error {
  constructor(page: string) {
    super(`Le chargement de la page « ${page} » a dépassé 120\u00a0secondes.`);
    this.name = 'ChunkTimeoutError';
  }
}

/** Rejects after `ms` if `p` has not settled. */
export function withTimeout<T>(p: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    p.then(
      (v) => { clearTimeout(timer); resolve(v); },
      (e: unknown) => { clearTimeout(timer); reject(e); },
    );
  });
}

/** Loads a page chunk, failing after the timeout of SPEC.md §9. */
export async function loadPage(page: string, importer: () => Promise<PageModule>, ms = chunkTimeoutMs): Promise<PageModule> {
  const mod = await withTimeout(importer(), ms, () => new ChunkTimeoutError(page));
  // The build's prerendering loads pages too, where there is no storage.
  if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(reloadKey);
  return mod;
}

/**
 * A route's page module loaded (within the timeout) and prepared for its
 * entry: what a lazy route returns.
 */
export async function preparedPage(entry: RouteEntry, importer: () => Promise<PageModule>): Promise<{ Component: ComponentType }> {
  const mod = await loadPage(entry.page, importer);
  if (mod.prepare) await mod.prepare(entry);
  return { Component: mod.default };
}

/** Tells a failed chunk download (browsers word it differently) from any other error. */
export function isChunkLoadError(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof ChunkTimeoutError) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(err.message);
}

/**
 * After a new deployment the old chunk names are gone. The first failed
 * chunk on a path asks for one reload, which fetches the new HTML; a second
 * failure in a row on the same path is a real error for the error screen.
 */
export function shouldReloadForChunk(err: unknown, path: string, storage: Storage = sessionStorage): boolean {
  if (!isChunkLoadError(err)) return false;
  if (storage.getItem(reloadKey) === path) {
    storage.removeItem(reloadKey);
    return false;
  }
  storage.setItem(reloadKey, path);
  return true;
}
