import { useId, type InputHTMLAttributes } from 'react';

/** Props of a labelled input with its French error message. */
export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error is tied to it for screen readers. */
export function TextField({ label, error, hint, id, ...input }: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-aide` : undefined;
  const errorId = error ? `${inputId}-erreur` : undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {hint ? <p id={hintId} className="field-hint">{hint}</p> : null}
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {error ? <p id={errorId} className="field-error">{error}</p> : null}
    </div>
  );
}
