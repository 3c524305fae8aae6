import type { FaqEntry } from '../content/types';
import { RichTextView } from './rich-text';

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
    </div>
  );
}
