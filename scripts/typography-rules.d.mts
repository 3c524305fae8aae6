/** What must not appear in French text, each with why. */
export const rules: [RegExp, string][];
/** The faults of one text: every match of every rule, as "why: « excerpt »". */
export function typographyFaults(text: string): string[];
