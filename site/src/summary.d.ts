// The rating file's summary, made by vite.config.ts (ratesSummary).
declare module '*rates.json?summary' {
  /** The partner insurers' names, in the file's order. */
  export const insurerNames: string[];
  /** The products studied by an adviser: their label and why they are not priced at once. */
  export const onStudy: Record<string, { label: string; reason: string } | undefined>;
}
