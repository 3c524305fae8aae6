import { useState, type InputHTMLAttributes } from 'react';
import { Field } from './field';

/** Props of a password input. */
export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A password input with a button that shows or hides what was typed; paste is allowed. */
export function PasswordField({ label, error, hint, id, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(ids) => (
        <div className="password-input">
          <input {...input} {...ids} type={visible ? 'text' : 'password'} />
          <button type="button" className="password-toggle" aria-pressed={visible} aria-controls={ids.id} onClick={() => setVisible((v) => !v)}>
            {visible ? 'Masquer' : 'Afficher'}
            <span className="visually-hidden"> le mot de passe</span>
          </button>
        </div>
      )}
    </Field>
  );
}
