import { describe, expect, it } from 'vitest';
import { applyDarkMode, readDarkMode, themeKey } from './theme';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('theme', () => {
  it.each([
    [undefined, false],
    ['true', true],
    ['false', false],
    ['"true"', false],
    ['{oops', false],
  ])('reads darkMode=%s as %s', (stored, want) => {
    expect(readDarkMode(memoryStorage(stored === undefined ? {} : { [themeKey]: stored }))).toBe(want);
  });

  it('applies the class on body and saves under darkMode', () => {
    const s = memoryStorage();
    applyDarkMode(true, s);
    expect(document.body.classList.contains('dark-mode')).toBe(true);
    expect(s.data.get('darkMode')).toBe('true');
    applyDarkMode(false, s);
    expect(document.body.classList.contains('dark-mode')).toBe(false);
    expect(s.data.get('darkMode')).toBe('false');
  });
});
