import { useCallback, useState } from 'react';

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

/** Saves the preference and applies it as the `dark-mode` class on `<body>`. */
export function applyDarkMode(dark: boolean, storage: Pick<Storage, 'setItem'> = localStorage): void {
  document.body.classList.toggle(darkClass, dark);
  try {
    storage.setItem(themeKey, JSON.stringify(dark));
  } catch {
    // Private browsing can refuse storage: the theme still applies for this page.
  }
}

/** The theme state; the inline script of index.html already applied it before the first paint. */
export function useDarkMode(): [boolean, () => void] {
  const [dark, setDark] = useState(() => document.body.classList.contains(darkClass));
  const toggle = useCallback(() => {
    setDark((d) => {
      applyDarkMode(!d);
      return !d;
    });
  }, []);
  return [dark, toggle];
}
