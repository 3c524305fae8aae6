import { useEffect, useId, useRef, useState } from 'react';
import { NeedsJs } from '../../components/needs-js';
import { company } from '../../lib/company';
import { CallbackForm } from './callback-form';
import { copy } from './form';

/**
 * The callback offer of a product page: the form, product preset, opens
 * on demand, so the page loads no slot until the visitor asks for one.
 */
export function CallbackSection({ product, alt }: { product: string; alt: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const card = useRef<HTMLDivElement>(null);
  // The button goes once pressed: the focus moves on to the form's first field.
  useEffect(() => {
    if (open) card.current?.querySelector<HTMLElement>('input:not([readonly]), select')?.focus();
  }, [open]);
  const title = company.services.find((s) => s.id === product)?.title ?? '';
  return (
    <section className={alt ? 'section section-alt' : 'section'} aria-labelledby={`${id}-titre`}>
      <div className="container contact-callback">
        <h2 id={`${id}-titre`}>{copy.product.title}</h2>
        <p className="lead">{copy.product.lead(title)}</p>
        {open ? (
          <div className="card" ref={card}>
            <CallbackForm labelledBy={`${id}-titre`} product={product} />
          </div>
        ) : (
          <>
            <NeedsJs />
            <button type="button" className="btn btn-secondary needs-js" onClick={() => setOpen(true)}>
              {copy.product.open}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
