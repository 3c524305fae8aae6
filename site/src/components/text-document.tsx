import type { TextSection } from '../lib/text-types';
import { formatDate } from '../lib/format';
import { TableOfContents, TextSections } from './rich-text';

interface TextDocumentProps {
  sections: TextSection[];
  /** Date of the last change, ISO 8601, shown above the table of contents. */
  updated?: string;
}

/** A long text (privacy policy, terms, legal notices): its date, its table of contents and its sections. */
export function TextDocument({ sections, updated }: TextDocumentProps) {
  return (
    <section className="section">
      <div className="container">
        <div className="prose">
          {updated ? (
            <p className="muted">Dernière mise à jour&nbsp;: <time dateTime={updated}>{formatDate(updated)}</time></p>
          ) : null}
          <TableOfContents sections={sections} />
          <TextSections sections={sections} />
        </div>
      </div>
    </section>
  );
}
