import type { ReactNode } from 'react';
import { TextField } from '../../components/text-field';
import { typeset } from '../../lib/format';
import type { Question } from './claim-form';

/** A group of radio buttons under its legend; the first takes id, to be focused on an error. */
export function Radios({ id, legend, options, value, onChange, error, hint }: {
  id: string;
  legend: ReactNode;
  options: { id: string; label: ReactNode }[];
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: ReactNode;
}) {
  const described = [hint ? `${id}-aide` : '', error ? `${id}-erreur` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="claim-fieldset" aria-describedby={described}>
      <legend>{legend}</legend>
      {hint ? <p id={`${id}-aide`} className="field-hint">{hint}</p> : null}
      {options.map((o, i) => (
        <div className="field-radio" key={o.id}>
          <input
            id={i === 0 ? id : `${id}-${o.id}`} type="radio" name={id} value={o.id} checked={value === o.id}
            onChange={() => onChange(o.id)} aria-invalid={error ? true : undefined}
          />
          <label htmlFor={i === 0 ? id : `${id}-${o.id}`}>{o.label}</label>
        </div>
      ))}
      {error ? <p id={`${id}-erreur`} className="field-error">{typeset(error)}</p> : null}
    </fieldset>
  );
}

const yesNo = [{ id: 'yes', label: 'Oui' }, { id: 'no', label: 'Non' }];

/** One question of the declaration, as its type asks: text, yes or no, a choice, a date. */
export function QuestionField({ q, value, onChange, error, max }: { q: Question; value: string; onChange: (v: string) => void; error?: string; max: string }) {
  const id = `question-${q.id}`;
  const label = q.required ? q.label : `${q.label} (facultatif)`;
  if (q.type === 'yesno') return <Radios id={id} legend={typeset(label)} options={yesNo} value={value} onChange={onChange} error={error} />;
  if (q.type === 'select') {
    return <Radios id={id} legend={typeset(label)} options={(q.options ?? []).map((o) => ({ id: o.id, label: o.label }))} value={value} onChange={onChange} error={error} />;
  }
  if (q.type === 'date') {
    return <TextField id={id} label={typeset(label)} type="date" className="input-medium" max={max} value={value} onChange={(e) => onChange(e.target.value)} error={error} />;
  }
  return <TextField id={id} label={typeset(label)} value={value} onChange={(e) => onChange(e.target.value)} error={error} maxLength={200} autoComplete="off" />;
}
