import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NeedsJs } from '../../components/needs-js';
import { Loading } from '../../components/loading';
import { company } from '../../lib/company';
import { lowerFirst, typeset } from '../../lib/format';

// The form, its checks and its slots load when the visitor asks for it, not with the page.
const loadForm = () => import('./callback-form');
const CallbackForm = lazy(() => loadForm().then((m) => ({ default: m.CallbackForm })));

const copy = {
  title: 'Être rappelé par un conseiller',
  lead: (product: string) => typeset(`Une question sur votre ${lowerFirst(product)} ? Choisissez un créneau aux heures d’ouverture : un conseiller vous appelle, sans engagement.`),
  open: 'Choisir un créneau de rappel',
};

/** The button goes once pressed: the focus moves on to the form's first field, once the form is in. */
function FocusFirstField({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input:not([readonly]), select')?.focus();
  }, []);
  return <div ref={box}>{children}</div>;
}

/**
 * The callback offer of a product page: the form, product preset, opens
 * on demand, so the page loads no slot until the visitor asks for one.
 */
export function CallbackSection({ product, alt }: { product: string; alt: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const title = company.services.find((s) => s.id === product)?.title ?? '';
  return (
    <section className={alt ? 'section section-alt' : 'section'} aria-labelledby={`${id}-titre`}>
      <div className="container contact-callback">
        <h2 id={`${id}-titre`}>{copy.title}</h2>
        <p className="lead">{copy.lead(title)}</p>
        {open ? (
          <div className="card">
            <Suspense fallback={<Loading />}>
              <FocusFirstField>
                <CallbackForm labelledBy={`${id}-titre`} product={product} />
              </FocusFirstField>
            </Suspense>
          </div>
        ) : (
          <>
            <NeedsJs />
            <button type="button" className="btn btn-secondary needs-js" onClick={() => setOpen(true)} onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()}>
              {copy.open}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
