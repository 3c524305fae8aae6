import type { ComponentType } from 'react';

/** A page module: its default export is the page component. */
export interface PageModule {
  default: ComponentType;
}

/** SPEC.md §9: a page chunk that has not loaded after 120 seconds is an error. */
export const chunkTimeoutMs = 120_000;

const reloadKey = 'courtier:chunk-reload';

/** The error raised when a page chunk takes too long. */
export class ChunkTimeoutError extends Error {
  constructor(page: string) {
    super(`Le chargement de la page « ${page} » a dépassé 120 secondes.`);
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

/**
 * Loads a page chunk. After a new deployment the old chunk names are gone:
 * the first failure reloads the page once to fetch the new HTML, a second
 * failure in a row is shown on the error screen.
 */
export async function loadPage(page: string, importer: () => Promise<PageModule>, ms = chunkTimeoutMs): Promise<PageModule> {
  try {
    const mod = await withTimeout(importer(), ms, () => new ChunkTimeoutError(page));
    sessionStorage.removeItem(reloadKey);
    return mod;
  } catch (err) {
    if (err instanceof ChunkTimeoutError || sessionStorage.getItem(reloadKey) === page) {
      sessionStorage.removeItem(reloadKey);
      throw err;
    }
    sessionStorage.setItem(reloadKey, page);
    window.location.reload();
    return new Promise<PageModule>(() => {});
  }
}
