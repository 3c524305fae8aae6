import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';

/**
 * Resolves once the browser is idle after the page's first work (at once in
 * the build's prerendering), or sooner when a click waits for an island
 * (`courtier:wake`, sent by index.html's script: see `island`).
 */
export function whenIdle(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    // Whichever comes first; the wake listener goes with it, not left behind.
    const done = () => {
      document.removeEventListener('courtier:wake', done);
      resolve();
    };
    document.addEventListener('courtier:wake', done);
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(done, { timeout: 1500 });
    else setTimeout(done, 200);
  });
}

/**
 * Lets the browser run what waits (a paint, a click) before the caller goes
 * on: startup work cut at these points runs as several short tasks instead
 * of one long one, which would hold a click for its whole length.
 * `scheduler.yield` resumes ahead of other tasks where the browser has it.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A part of the page whose code loads after the rest has hydrated (the
 * footer, the chat bubble, the account menu, the callback form): the
 * prerendered HTML shows it at once, React leaves that HTML in place while
 * the part's chunk loads, then hydrates it. So its code is not in the
 * page's initial JavaScript (the budget of issue 23); on a page rendered in
 * the browser it appears once its chunk is in.
 *
 * React drops a click on a part it has not hydrated yet (it replays only
 * what it can hydrate at once). So a part with buttons marks its root
 * `data-pending` until hydrated (`usePendingMark`): index.html's script holds
 * a click on a button in it, asks for the part's code at once
 * (`courtier:wake`) and clicks that button again once the mark is gone.
 * A link in it needs nothing: the browser follows it.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => {
    await whenIdle();
    return { default: await load() };
  });
  function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Island;
}

const noChange = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true once it
 * has: an island with buttons or a form marks its root `data-pending` until
 * then. index.html holds back a click on such a button (see `island`) and
 * the submission of such a form (sent before its code is in, it would leave
 * as a plain GET with its fields in the address).
 */
function useHydrated(): boolean {
  return useSyncExternalStore(noChange, () => true, () => false);
}

/** The `data-pending` attribute of an island's root (see `island`): set until it has hydrated. */
export function usePendingMark(): { 'data-pending'?: '' } {
  return useHydrated() ? {} : { 'data-pending': '' };
}
