import type { ReactNode } from 'react';
import './quote-fields.css';

/** One option: the value sent and the label shown (content/quote-form's lists, the rating file's answers). */
interface Choice {
  value: string;
  label: string;
}

/** The first error of a form, to move the focus to after a failed submit. */
export const firstErrorSelector = '[aria-invalid="true"], [data-focus-error]';

/** The DOM id of a question's input; the e2e tests and labels rely on it. */
export function inputId(name: string): string {
  return `devis-${name}`;
}

interface ChoiceGroupProps {
  name: string;
  type: 'radio' | 'checkbox';
  legend: ReactNode;
  hint?: string;
  error?: string;
  options: Choice[];
  isChecked: (value: string) => boolean;
  onToggle: (value: string, checked: boolean) => void;
  /** Shows the options as cards in a grid, for the product choice. */
  cards?: boolean;
}

/** Radio buttons or checkboxes under a legend, with the hint and error read with each option. */
export function ChoiceGroup({ name, type, legend, hint, error, options, isChecked, onToggle, cards }: ChoiceGroupProps) {
  const base = inputId(name);
  const hintId = hint ? `${base}-aide` : undefined;
  const errorId = error ? `${base}-erreur` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="choice-group" id={base}>
      <legend>{legend}</legend>
      {hint ? <p id={hintId} className="field-hint">{hint}</p> : null}
      <div className={cards ? 'choice-list choice-cards' : 'choice-list'}>
        {options.map((o) => (
          <label key={o.value} className="choice">
            <input
              type={type}
              name={name}
              value={o.value}
              checked={isChecked(o.value)}
              onChange={(e) => onToggle(o.value, e.target.checked)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {error ? <p id={errorId} className="field-error">{error}</p> : null}
    </fieldset>
  );
}
