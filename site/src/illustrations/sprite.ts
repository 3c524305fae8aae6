import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The drawings of one directory (NAME.svg, each a <symbol id="art">) as one
 * SVG file whose symbols are named after their files: one request draws
 * every illustration of the site, cached once for all its pages, instead
 * of one request per drawing (nine on the home page) ahead of its first
 * paint. A file with no such symbol, or with an id of its own inside it
 * (two files could then clash), stops the build.
 */
export function buildSprite(dir: string): string {
  const symbols = readdirSync(dir)
    .filter((f) => f.endsWith('.svg'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const m = /<symbol id="art"( viewBox="[^"]+")>([\s\S]*?)<\/symbol>/.exec(text);
      if (!m) throw new Error(`${file}: no <symbol id="art" viewBox="…"> … </symbol>`);
      if (/\bid="/.test(m[2]!)) throw new Error(`${file}: an id inside the drawing would clash in the sprite`);
      return `<symbol id="${file.slice(0, -4)}"${m[1]}>${m[2]!.trim()}</symbol>`;
    });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}
