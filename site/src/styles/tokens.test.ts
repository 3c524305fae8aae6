// The tokens' contrast, computed from tokens.css itself, and the design
// page's table of ratios checked against it: docs/design.md cannot say a
// ratio the colours do not have.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// vitest runs in site/ (jsdom: import.meta.url is not a file URL here).
const here = join(process.cwd(), 'src', 'styles');
const css = readFileSync(join(here, 'tokens.css'), 'utf8');
const doc = readFileSync(join(here, '../../../docs/design.md'), 'utf8');

/** The custom properties of the first block opened by selector. */
function block(selector: string): Map<string, string> {
  const at = css.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`no ${selector} block`);
  const body = css.slice(at, css.indexOf('\n}', at));
  return new Map([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1] ?? '', (m[2] ?? '').trim()]));
}

const light = block(':root');
const themes = { clair: light, sombre: new Map([...light, ...block('body.dark-mode')]) };

function rgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1] ?? '', 16);
  return [n >> 16, (n >> 8) & 255, n & 255];
}

function luminance(hex: string): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = rgb(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG 2 contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Every pair of tokens the components use for text (foreground, background), and the rings and borders of controls (3:1). */
const textPairs: [string, string][] = [
  ['--text', '--bg'], ['--text', '--bg-alt'], ['--text', '--surface'], ['--text', '--row-hover'], ['--text', '--primary-soft'],
  ['--text-muted', '--bg'], ['--text-muted', '--bg-alt'], ['--text-muted', '--surface'],
  ['--primary', '--bg'], ['--primary', '--bg-alt'], ['--primary', '--surface'], ['--primary', '--primary-soft'],
  ['--primary-hover', '--bg'], ['--primary-hover', '--bg-alt'],
  ['--on-primary', '--primary'], ['--on-primary', '--primary-hover'],
  ['--accent', '--bg'], ['--accent', '--surface'], ['--accent', '--accent-soft'], ['--on-accent', '--accent'],
  ['--error', '--bg'], ['--error', '--surface'], ['--on-error', '--error'],
  ['--success', '--bg'], ['--success', '--surface'],
  ['--warning-text', '--warning-bg'], ['--danger-text', '--danger-bg'],
  ['--on-hero', '--hero-from'], ['--on-hero', '--hero-to'], ['--on-hero-muted', '--hero-from'], ['--on-hero-muted', '--hero-to'],
  ['--hero-button-text', '--hero-button-bg'], ['--hero-button-text', '--hero-button-hover'],
];
const uiPairs: [string, string][] = [
  // On the hero the ring is --on-hero (white), counted with the texts.
  ['--focus', '--bg'], ['--focus', '--surface'], ['--focus', '--bg-alt'],
  ['--text-muted', '--surface'], ['--border-strong', '--surface'],
];

function ratio(theme: Map<string, string>, fg: string, bg: string): number {
  const f = theme.get(fg);
  const b = theme.get(bg);
  if (!f || !b) throw new Error(`token missing: ${f ? bg : fg}`);
  return contrast(f, b);
}

/** The table docs/design.md must hold, ratios to two decimals. */
function table(): string {
  const rows = [...textPairs.map((p) => [...p, 'texte'] as const), ...uiPairs.map((p) => [...p, 'contrôle'] as const)];
  return rows.map(([fg, bg, use]) => {
    const r = (t: Map<string, string>) => ratio(t, fg, bg).toFixed(2).replace('.', ',');
    return `| \`${fg}\` sur \`${bg}\` | ${use} | ${r(themes.clair)} | ${r(themes.sombre)} |`;
  }).join('\n');
}

describe('design tokens', () => {
  for (const [name, theme] of Object.entries(themes)) {
    it.each(textPairs)(`${name}: text %s on %s is at least 4.5:1`, (fg, bg) => {
      expect(ratio(theme, fg, bg)).toBeGreaterThanOrEqual(4.5);
    });
    it.each(uiPairs)(`${name}: control %s on %s is at least 3:1`, (fg, bg) => {
      expect(ratio(theme, fg, bg)).toBeGreaterThanOrEqual(3);
    });
  }

  it('computes the WCAG ratio', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
  });

  it('docs/design.md gives the ratios the tokens have', () => {
    expect(doc, `docs/design.md must hold this table:\n${table()}`).toContain(table());
  });

  it('both themes define the same colours', () => {
    const colours = (m: Map<string, string>) => [...m].filter(([, v]) => v.startsWith('#')).map(([k]) => k).sort();
    const dark = block('body.dark-mode');
    const darkOnly = colours(dark).filter((k) => !light.has(k));
    expect(darkOnly).toEqual([]);
    // A colour left out of the dark block would show its light value on a dark page: only those meant to stay are allowed.
    const kept = colours(light).filter((k) => !dark.has(k));
    expect(kept.sort()).toEqual(['--hero-button-bg', '--hero-button-hover', '--hero-button-text', '--mark-bg', '--mark-line', '--qr-bg'].sort());
  });

  it('no stylesheet but tokens.css writes a colour, outside print', () => {
    const src = join(here, '..');
    const files: string[] = [];
    (function walk(d: string) {
      for (const n of readdirSync(d)) {
        const p = join(d, n);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.css') && !p.endsWith('tokens.css')) files.push(p);
      }
    })(src);
    const offenders: string[] = [];
    for (const f of files) {
      // @media print blocks may set the tokens to ink on paper.
      const text = readFileSync(f, 'utf8').replace(/@media print\s*\{[\s\S]*?\n\}/g, '');
      for (const m of text.matchAll(/#[0-9a-f]{3,8}\b|rgba?\([^)]*\)|hsla?\([^)]*\)/gi)) {
        offenders.push(`${f.slice(src.length)}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
