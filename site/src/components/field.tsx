import { useId, type ReactNode } from 'react';
import { typeset } from '../lib/format';

/** The attributes that tie an input to its label, hint and error. */
export interface FieldIds {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** Props of a form field: label, optional hint and French error, and the input itself. */
export interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
  children: (ids: FieldIds) => ReactNode;
}

/** A labelled form field whose hint and error, typeset, are announced with the input. */
export function Field({ label, error, hint, id, children }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-aide` : undefined;
  const errorId = error ? `${inputId}-erreur` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {hint ? <p id={hintId} className="field-hint">{typeset(hint)}</p> : null}
      {children({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? <p id={errorId} className="field-error">{typeset(error)}</p> : null}
    </div>
  );
}
