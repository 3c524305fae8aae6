// Types of check-layers.mjs for the site's TypeScript (src/layers.test.ts).

/** A module of site/src: its path relative to src (/ between folders) and its source. */
export interface SourceFile {
  path: string;
  source: string;
}

export const allowed: Record<string, string[]>;
export function layerOf(path: string): string | undefined;
export function importsOf(source: string): string[];
export function layerFaults(files: SourceFile[]): string[];
export function sourceFiles(dir: string): SourceFile[];
