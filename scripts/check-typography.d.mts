/** text with its character references decoded. */
export function decode(text: string): string;
/** The texts of an HTML document a visitor reads: title, meta description, text attributes, body lines. */
export function visibleTexts(html: string): string[];
/** The faults of a document's texts, without repeats. */
export function documentFaults(html: string): string[];
