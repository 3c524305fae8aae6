/**
 * A module loaded on demand and kept once in: `loaded()` reads it at once
 * when a render needs it without waiting (undefined before), `load()`
 * imports it (once; a failed import is tried again at the next call).
 */
export interface ModuleCache<M> {
  loaded(): M | undefined;
  load(): Promise<M>;
}

/** The cache of one module; `importer` must be a literal `() => import('…')` for the bundler. */
export function moduleCache<M>(importer: () => Promise<M>): ModuleCache<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    loaded: () => module,
    load() {
      pending ??= importer().then((m) => (module = m), (err: unknown) => {
        pending = undefined;
        throw err;
      });
      return pending;
    },
  };
}
