import type { FaqEntry, RichText } from '../lib/text-types';
import { RichTextView } from './rich-text';

/** The words of a rich text, its links as their text. */
export function plainText(text: RichText): string {
  if (typeof text === 'string') return text;
  return text.map((part) => (typeof part === 'string' ? part : part.text)).join('');
}

/**
 * The questions as a schema.org FAQPage in JSON-LD, for search engines.
 * `<` is escaped so that no answer can close the script element.
 */
export function faqStructuredData(entries: FaqEntry[]): string {
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((e) => ({
      '@type': 'Question',
      name: e.question,
      acceptedAnswer: { '@type': 'Answer', text: plainText(e.answer) },
    })),
  }).replace(/</g, '\\u003c');
}

/** Questions and answers, each in a `<details>` element the visitor opens. */
export function Faq({ entries }: { entries: FaqEntry[] }) {
  return (
    <div className="faq">
      {entries.map((e) => (
        <details key={e.question}>
          <summary>{e.question}</summary>
          <p><RichTextView text={e.answer} /></p>
        </details>
      ))}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: faqStructuredData(entries) }} />
    </div>
  );
}
