import { useDarkMode } from '../lib/theme';

/** The light/dark switch of SPEC.md §4 (Theme). */
export function ThemeToggle() {
  const [dark, toggle] = useDarkMode();
  return (
    <button
      type="button"
      className="theme-toggle needs-js"
      onClick={toggle}
      aria-pressed={dark}
      aria-label="Thème sombre"
      title={dark ? 'Passer au thème clair' : 'Passer au thème sombre'}
    >
      {/* The glyph follows body.dark-mode in CSS, so it is right before hydration too. */}
      <span className="theme-icon" aria-hidden="true" />
    </button>
  );
}
