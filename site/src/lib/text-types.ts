// Shared shapes of the page copy kept in src/content.

/** A link inside a text: `to` for a page of the site, `href` for an e-mail, a phone number or another site. */
export type TextLink = { text: string; to: string } | { text: string; href: string };

/** A run of text, plain or mixed with links. */
export type RichText = string | (string | TextLink)[];

/** A term and its definition, shown in a description list. */
export interface Term {
  term: string;
  detail: RichText;
}

/** A table with a caption, column headings and rows of cells. */
export interface Table {
  caption: string;
  head: string[];
  rows: RichText[][];
}

/** One block of a text section: a paragraph, a bulleted list, a description list or a table. */
export type Block = RichText | { list: RichText[] } | { terms: Term[] } | { table: Table };

/** A titled section of a long text (privacy policy, terms, legal notices). */
export interface TextSection {
  /** The anchor of the section, used by the table of contents. */
  id: string;
  title: string;
  blocks: Block[];
}

/** A titled item with a short description: a guarantee, an option, an advantage, a value. */
export interface Feature {
  title: string;
  description: string;
}

/** One step of a "how it works" sequence. */
export interface Step {
  title: string;
  description: string;
}

/** A question and its answer, shown in a `<details>` element. */
export interface FaqEntry {
  question: string;
  answer: RichText;
}

/** A link to a page of the site. */
export interface PageLink {
  to: string;
  label: string;
}

/** A call to action: a title, a text and a link, usually to the quote request. */
export interface CallToAction {
  title: string;
  text: string;
  link: PageLink;
}
