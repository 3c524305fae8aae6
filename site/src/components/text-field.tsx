import type { InputHTMLAttributes } from 'react';
import { Field } from './field';

/** Props of a labelled input with its French error message. */
export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error is tied to it for screen readers. */
export function TextField({ label, error, hint, id, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(ids) => <input {...input} {...ids} />}
    </Field>
  );
}
