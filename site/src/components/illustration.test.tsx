import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'react-dom/server';
import { Illustration, illustrations, isIllustrationName, type IllustrationName } from './illustration';
import { company } from '../lib/company';
import { buildSprite } from '../illustrations/sprite';
import { spriteUrl } from '../illustrations/sprite-url';

// Paths, not URLs: under jsdom the global URL is not the one node:fs takes.
const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, '../illustrations');
const files = readdirSync(dir).filter((f) => f.endsWith('.svg')).sort();
const css = readFileSync(join(here, '../styles/tokens.css'), 'utf8');

/** The custom properties declared in one block of tokens.css. */
function palette(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return new Map([...block.matchAll(/(--illu-[a-z-]+):\s*(#[0-9a-f]{3,6})\s*;/g)].map((m) => [m[1]!, m[2]!]));
}
const light = palette(':root');
const dark = palette('body.dark-mode');

function parse(text: string): Document {
  return new DOMParser().parseFromString(text, 'image/svg+xml');
}

function wellFormed(doc: Document): boolean {
  return doc.getElementsByTagName('parsererror').length === 0 && doc.documentElement.localName === 'svg';
}

/** The colour declarations of an element's style attribute. */
function colours(el: Element): [string, string][] {
  const style = el.getAttribute('style') ?? '';
  return style
    .split(';')
    .map((d) => d.split(':').map((s) => s.trim()) as [string, string])
    .filter(([prop]) => ['fill', 'stroke', 'color', 'stop-color', 'flood-color', 'lighting-color'].includes(prop));
}

/** Every problem of one file, in words: none for a good file. */
function problems(text: string): string[] {
  const found: string[] = [];
  const doc = parse(text);
  if (!wellFormed(doc)) return ['not well-formed XML'];
  const all = [doc.documentElement, ...doc.documentElement.querySelectorAll('*')];
  const art = doc.getElementById('art');
  if (!art) found.push('no element with id="art"');
  else if (!/^0 0 \d+ \d+$/.test(art.getAttribute('viewBox') ?? '')) found.push('id="art" has no viewBox "0 0 W H"');
  for (const el of all) {
    const name = el.localName;
    if (['script', 'foreignObject', 'style', 'image', 'metadata'].includes(name)) found.push(`<${name}>`);
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.localName)) found.push(`${attr.name} on <${name}>`);
      if (attr.localName === 'href' && !attr.value.startsWith('#')) found.push(`external href ${attr.value}`);
      if (['fill', 'stroke', 'color', 'stop-color'].includes(attr.localName) && attr.value !== 'none') {
        found.push(`hard ${attr.localName}="${attr.value}" on <${name}>`);
      }
      if (attr.prefix && attr.prefix !== 'xmlns' && attr.prefix !== 'xlink') found.push(`editor attribute ${attr.name}`);
    }
    for (const [prop, value] of colours(el)) {
      if (value === 'none') continue;
      const m = /^var\((--illu-[a-z-]+),\s*(#[0-9a-f]{3,6})\)$/.exec(value);
      if (!m) found.push(`${prop}:${value} is not var(--illu-…, fallback)`);
      else if (!light.has(m[1]!) || !dark.has(m[1]!)) found.push(`${m[1]} is not in both themes of tokens.css`);
      else if (expand(m[2]!) !== expand(light.get(m[1]!)!)) found.push(`${m[1]}'s fallback ${m[2]} is not its light value ${light.get(m[1]!)}`);
    }
  }
  if (/<!--/.test(text)) found.push('a comment');
  if (/\d\.\d{3,}/.test(text)) found.push('a number with more than two decimals');
  return found;
}

function expand(hex: string): string {
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
}

describe('the illustrations files', () => {
  it('are exactly the drawings the component names', () => {
    expect(files.map((f) => f.slice(0, -4))).toEqual(Object.keys(illustrations).sort());
  });

  it('draw every product of the company profile', () => {
    for (const service of company.services) expect(isIllustrationName(service.id), service.id).toBe(true);
    expect(isIllustrationName('toString')).toBe(false);
  });

  it('declare every colour of the palette in both themes', () => {
    expect([...light.keys()].sort()).toEqual([...dark.keys()].sort());
    expect(light.size).toBeGreaterThanOrEqual(5);
  });

  it.each(files)('%s: under 4 KB gzipped, safe, themed, with the viewBox of the table', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    expect(gzipSync(text, { level: 9 }).length).toBeLessThan(4096);
    expect(problems(text)).toEqual([]);
    const name = file.slice(0, -4) as IllustrationName;
    const [w, h] = illustrations[name];
    expect(parse(text).getElementById('art')?.getAttribute('viewBox')).toBe(`0 0 ${w} ${h}`);
  });

  // The checks above must be able to fail: each bad file below is caught.
  it.each([
    ['malformed', '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="art" viewBox="0 0 1 1"></svg>', 'not well-formed XML'],
    ['no art', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>', 'no element with id="art"'],
    ['no viewBox', '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="art"/></svg>', 'id="art" has no viewBox "0 0 W H"'],
    ['script', '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="art" viewBox="0 0 1 1"><script>1</script></symbol></svg>', '<script>'],
    ['handler', '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="art" viewBox="0 0 1 1" onload="x()"/></svg>', 'onload on <symbol>'],
    ['external', '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="art" viewBox="0 0 1 1"><use href="https://example.com/a.svg#b"/></symbol></svg>', 'external href https://example.com/a.svg#b'],
    ['hard fill', '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="art" viewBox="0 0 1 1"><path fill="#000" d="M0 0h1"/></symbol></svg>', 'hard fill="#000" on <path>'],
    ['hard style', '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="art" viewBox="0 0 1 1"><path style="stroke:#000" d="M0 0h1"/></symbol></svg>', 'stroke:#000 is not var(--illu-…, fallback)'],
    ['unknown colour', '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="art" viewBox="0 0 1 1"><path style="fill:var(--illu-pink,#f0f)" d="M0 0h1"/></symbol></svg>', '--illu-pink is not in both themes of tokens.css'],
    ['wrong fallback', '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="art" viewBox="0 0 1 1"><path style="fill:var(--illu-primary,#000)" d="M0 0h1"/></symbol></svg>', `--illu-primary's fallback #000 is not its light value ${light.get('--illu-primary')}`],
    ['editor', '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1"><symbol id="art" viewBox="0 0 1 1"/></svg>', 'editor attribute inkscape:version'],
    ['decimals', '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="art" viewBox="0 0 1 1"><path d="M0.12345 0h1"/></symbol></svg>', 'a number with more than two decimals'],
  ])('catches a file with %s', (_, text, problem) => {
    expect(problems(text)).toContain(problem);
  });
});

describe('the sprite', () => {
  const sprite = parse(buildSprite(dir));

  it('holds every drawing under its name, with its viewBox and its shapes', () => {
    expect(wellFormed(sprite)).toBe(true);
    const symbols = [...sprite.documentElement.children];
    expect(symbols.map((s) => s.localName)).toEqual(files.map(() => 'symbol'));
    expect(symbols.map((s) => s.id)).toEqual(Object.keys(illustrations).sort());
    for (const symbol of symbols) {
      const own = parse(readFileSync(join(dir, `${symbol.id}.svg`), 'utf8')).getElementById('art')!;
      expect(symbol.getAttribute('viewBox'), symbol.id).toBe(own.getAttribute('viewBox'));
      expect(symbol.innerHTML.replace(/\s+/g, ''), symbol.id).toBe(own.innerHTML.replace(/\s+/g, ''));
    }
  });

  it.each([
    ['no symbol', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>', 'bad.svg: no <symbol id="art"'],
    ['an id inside', '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="art" viewBox="0 0 1 1"><path id="x" d="M0 0h1"/></symbol></svg>', 'bad.svg: an id inside'],
  ])('stops the build on a drawing with %s', (_, text, message) => {
    const tmp = mkdtempSync(join(tmpdir(), 'sprite-'));
    try {
      writeFileSync(join(tmp, 'bad.svg'), text);
      expect(() => buildSprite(tmp)).toThrow(message);
    } finally {
      rmSync(tmp, { recursive: true });
    }
  });

  it('weighs less gzipped than the drawings sent one by one', () => {
    const apart = files.reduce((n, f) => n + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0);
    expect(gzipSync(buildSprite(dir), { level: 9 }).length).toBeLessThan(apart);
  });
});

describe('Illustration', () => {
  it('is decorative: hidden from screen readers and from the keyboard', () => {
    document.body.innerHTML = renderToString(<Illustration name="car" />);
    const svg = document.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('focusable')).toBe('false');
    expect(svg.querySelector('use')?.getAttribute('href')).toBe(`${spriteUrl}#car`);
    expect(svg.getAttribute('class')).toBe('illustration');
  });

  it.each([
    ['its own size by default', { name: 'hero' }, '480', '360'],
    ['a width, the height following', { name: 'car', width: 240 }, '240', '180'],
    ['a height, the width following', { name: 'hero', height: 150 }, '200', '150'],
    ['both, as given', { name: 'empty-claims', width: 100, height: 100 }, '100', '100'],
  ] as const)('keeps its place with %s', (_, props, width, height) => {
    document.body.innerHTML = renderToString(<Illustration {...props} className="x" />);
    const svg = document.querySelector('svg')!;
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual([width, height]);
    const [vw, vh] = illustrations[props.name];
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${vw} ${vh}`);
    expect(svg.getAttribute('class')).toBe('illustration x');
  });
});
