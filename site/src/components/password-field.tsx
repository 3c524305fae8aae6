import { useId, useState, type InputHTMLAttributes } from 'react';

/** Props of a password input. */
export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A password input with a button that shows or hides what was typed; paste is allowed. */
export function PasswordField({ label, error, hint, id, ...input }: PasswordFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const [visible, setVisible] = useState(false);
  const hintId = hint ? `${inputId}-aide` : undefined;
  const errorId = error ? `${inputId}-erreur` : undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {hint ? <p id={hintId} className="field-hint">{hint}</p> : null}
      <div className="password-input">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          {...input}
        />
        <button type="button" className="password-toggle" aria-pressed={visible} aria-controls={inputId} onClick={() => setVisible((v) => !v)}>
          {visible ? 'Masquer' : 'Afficher'}
          <span className="visually-hidden"> le mot de passe</span>
        </button>
      </div>
      {error ? <p id={errorId} className="field-error">{error}</p> : null}
    </div>
  );
}
