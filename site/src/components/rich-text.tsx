import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { Block, RichText, TextSection } from '../lib/text-types';
import './page-parts.css';

/** Renders a run of text, with its links: site pages through the router, the rest as plain links. */
export function RichTextView({ text }: { text: RichText }) {
  if (typeof text === 'string') return text;
  return text.map((part, i) => {
    if (typeof part === 'string') return <Fragment key={i}>{part}</Fragment>;
    if ('to' in part) return <Link key={i} to={part.to} viewTransition>{part.text}</Link>;
    return <a key={i} href={part.href}>{part.text}</a>;
  });
}

function BlockView({ block }: { block: Block }) {
  if (typeof block === 'string' || Array.isArray(block)) {
    return <p><RichTextView text={block} /></p>;
  }
  if ('list' in block) {
    return (
      <ul>
        {block.list.map((item, i) => <li key={i}><RichTextView text={item} /></li>)}
      </ul>
    );
  }
  if ('terms' in block) {
    return (
      <dl className="terms">
        {block.terms.map((t) => (
          <div key={t.term}>
            <dt>{t.term}</dt>
            <dd><RichTextView text={t.detail} /></dd>
          </div>
        ))}
      </dl>
    );
  }
  const { table } = block;
  // On a narrow screen each row stacks as a card, each cell under its
  // column's name (page-parts.css): the CSS that does it takes the table's
  // semantics away in browsers, so the roles are written out, and the names
  // shown in the cards are hidden from screen readers, which read the
  // headers.
  return (
    // A wide table scrolls, so the wrapper takes the keyboard focus.
    <div className="table-wrap" role="region" aria-label={table.caption} tabIndex={0}>
      <table role="table">
        <caption>{table.caption}</caption>
        <thead role="rowgroup">
          <tr role="row">{table.head.map((h) => <th key={h} scope="col" role="columnheader">{h}</th>)}</tr>
        </thead>
        <tbody role="rowgroup">
          {table.rows.map((row, r) => (
            <tr key={r} role="row">
              {row.map((cell, c) => (c === 0
                ? <th key={c} scope="row" role="rowheader"><RichTextView text={cell} /></th>
                : (
                  <td key={c} role="cell">
                    <span className="cell-label" aria-hidden="true">{table.head[c]}</span>
                    <RichTextView text={cell} />
                  </td>
                )))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table of contents of a long text, linking to each section. */
export function TableOfContents({ sections }: { sections: TextSection[] }) {
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <h2 id="toc-title" className="toc-title">Sommaire</h2>
      {/* Titles that carry their own numbers (« 1. Objet ») are not numbered again. */}
      <ol className={sections.every((s) => /^\d+\./.test(s.title)) ? 'plain-list' : undefined}>
        {sections.map((s) => <li key={s.id}><a href={`#${s.id}`}>{s.title}</a></li>)}
      </ol>
    </nav>
  );
}

/** The sections of a long text, each under its own h2. */
export function TextSections({ sections }: { sections: TextSection[] }) {
  return sections.map((s) => (
    <section key={s.id} id={s.id} className="text-section">
      <h2>{s.title}</h2>
      {s.blocks.map((b, i) => <BlockView key={i} block={b} />)}
    </section>
  ));
}
