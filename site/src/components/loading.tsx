/** The loading screen shown while a page chunk loads (SPEC.md §2). */
export function Loading({ overlay = false }: { overlay?: boolean }) {
  return (
    <div className={overlay ? 'loading loading-overlay' : 'loading'} role="status" aria-live="polite">
      <span className="loading-spinner" aria-hidden="true" />
      <span>Chargement…</span>
    </div>
  );
}
