import { useCallback, useSyncExternalStore } from 'react';

/** SPEC.md §3: the theme preference is stored locally under this key. */
export const themeKey = 'darkMode';
const darkClass = 'dark-mode';

/** Reads the saved preference; light when nothing valid is saved. */
export function readDarkMode(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return JSON.parse(storage.getItem(themeKey) ?? 'false') === true;
  } catch {
    return false;
  }
}

const listeners = new Set<() => void>();

/** Saves the preference and applies it as the `dark-mode` class on `<body>`. */
export function applyDarkMode(dark: boolean, storage: Pick<Storage, 'setItem'> = localStorage): void {
  document.body.classList.toggle(darkClass, dark);
  listeners.forEach((l) => l());
  try {
    storage.setItem(themeKey, JSON.stringify(dark));
  } catch {
    // Private browsing can refuse storage: the theme still applies for this page.
  }
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/**
 * The theme state; the inline script of index.html already applied it
 * before the first paint. Pages prerendered at build time know no theme:
 * they render light, so hydration starts light and follows the body's
 * class right after (the toggle's glyph comes from CSS and never flashes).
 */
export function useDarkMode(): [boolean, () => void] {
  const dark = useSyncExternalStore(subscribe, () => document.body.classList.contains(darkClass), () => false);
  const toggle = useCallback(() => {
    applyDarkMode(!document.body.classList.contains(darkClass));
  }, []);
  return [dark, toggle];
}
