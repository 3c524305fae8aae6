import { useEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { copy } from './form';

interface ConsentProps {
  id: string;
  /** What the data is used for: "vous répondre", "vous rappeler". */
  what: string;
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}

/** The consent box: what is kept, how long, and the link to the privacy page. */
export function Consent({ id, what, checked, error, onChange }: ConsentProps) {
  const errorId = error ? `${id}-erreur` : undefined;
  return (
    <div className="consent">
      <div className="consent-check">
        <input id={id} name="consent" type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined} aria-describedby={errorId} />
        <label htmlFor={id}>{copy.consent(what)}</label>
      </div>
      {error ? <p id={errorId} className="field-error">{error}</p> : null}
      <p className="field-hint"><Link to="/privacy" viewTransition>{copy.consentLink}</Link></p>
    </div>
  );
}

interface ReceiptPanelProps {
  text: string;
  /** The reference inside text, kept on one line. */
  reference: string;
  /** Shows the link to the dashboard, where a client follows the request. */
  client: boolean;
  again: string;
  onAgain: () => void;
}

/** The success screen of a form: the reference and the delay, focused so it is read at once. */
export function ReceiptPanel({ text, reference, client, again, onAgain }: ReceiptPanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="contact-receipt" role="status" tabIndex={-1}>
      <p className="contact-receipt-text">
        {text.split(reference).map((part, i) => (i === 0 ? part : <span key={i}><span className="contact-ref">{reference}</span>{part}</span>))}
      </p>
      {client ? (
        <p>{copy.follow} <Link to="/dashboard" viewTransition>{copy.followLink}</Link></p>
      ) : null}
      <button type="button" className="btn btn-secondary" onClick={onAgain}>{again}</button>
    </div>
  );
}

/** Moves the focus to the first field in error of form, after a failed submit. */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, errors: object) {
  useEffect(() => {
    if (Object.keys(errors).length) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus();
  }, [errors, form]);
}
