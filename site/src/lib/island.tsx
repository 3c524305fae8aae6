import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';

/** Resolves once the browser is idle after the page's first work (at once in the build's prerendering). */
export function whenIdle(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 1500 });
    else setTimeout(resolve, 200);
  });
}

/**
 * A part of the page whose code loads after the rest has hydrated (the
 * footer, the chat bubble, the account menu, the callback form): the
 * prerendered HTML shows it at once, React leaves that HTML in place while
 * the part's chunk loads, then hydrates it, and a click on it meanwhile is
 * replayed once it is hydrated. So its code is not in the page's initial
 * JavaScript (the budget of issue 23); on a page rendered in the browser it
 * appears once its chunk is in.
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
 * has: a form in an island marks itself `data-pending` until then, and
 * index.html holds back the submission of such a form (sent before its
 * code is in, it would leave as a plain GET with its fields in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noChange, () => true, () => false);
}
