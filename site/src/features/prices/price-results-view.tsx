import { useEffect, useRef } from 'react';
import type { Price, PriceQuote } from './api';
import { AdviceSheet } from './advice-sheet';
import { PriceCards } from './price-cards';
import type { Needs } from './api';

interface PriceResultsViewProps {
  quote: PriceQuote;
  needs?: Needs;
  subject?: string;
  chosen?: string;
  onChoose?: (id: string) => void;
  /** Where « Souscrire » leads for a price, when the prices are kept. */
  subscribeHref?: (p: Price) => string;
  /** The day of the advice sheet (ISO). */
  date: string;
  /** Takes the focus when shown, so a screen reader starts at the prices. */
  focus?: boolean;
  /** Shown under the heading: what to change, how to keep. */
  children?: React.ReactNode;
  after?: React.ReactNode;
}

/** The prices with their advice, the print button, and the advice sheet that only prints. */
export function PriceResultsView({ quote, needs, subject, chosen, onChoose, subscribeHref, date, focus, children, after }: PriceResultsViewProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus]);
  return (
    <>
      <section className="screen-only price-results-section" aria-labelledby="vos-prix">
        <h2 id="vos-prix" ref={headingRef} tabIndex={-1}>Vos prix</h2>
        {subject ? <p className="price-subject">{subject}</p> : null}
        {children}
        <PriceCards quote={quote} chosen={chosen} onChoose={onChoose} subscribeHref={subscribeHref} />
        {after}
        <p className="price-print">
          <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
            Imprimer ma fiche d’information et de conseil
          </button>
        </p>
      </section>
      <AdviceSheet quote={quote} needs={needs} subject={subject} chosen={chosen} date={date} />
    </>
  );
}
