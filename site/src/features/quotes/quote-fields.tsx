import { Field } from '../../components/field';
import { TextField } from '../../components/text-field';
import { choices, type Choice, type FieldSpec } from '../../content/quote-form';
import { isoDay, isShown, rangeOf, type Answers } from './quote-form';
import { ChoiceGroup, inputId } from '../../components/choice-group';
import '../../components/quote-fields.css';

// The choice group is a module of its own: the instant prices use it without the quote request's questions.
export { ChoiceGroup, firstErrorSelector, inputId } from '../../components/choice-group';

const yesNo: Choice[] = [
  { value: 'oui', label: 'Oui' },
  { value: 'non', label: 'Non' },
];

interface QuoteFieldProps {
  spec: FieldSpec;
  answers: Answers;
  error?: string;
  today: Date;
  onChange: (name: string, value: string | string[]) => void;
}

/** One question of a product's form, asked the way its kind says. */
export function QuoteField({ spec, answers, error, today, onChange }: QuoteFieldProps) {
  if (!isShown(spec, answers)) return null;
  const raw = answers[spec.name];
  const value = typeof raw === 'string' ? raw : '';
  const common = { label: spec.label, hint: spec.hint, error, id: inputId(spec.name) };
  switch (spec.kind) {
    case 'select':
      return (
        <Field {...common}>
          {(ids) => (
            <select {...ids} name={spec.name} value={value} onChange={(e) => onChange(spec.name, e.target.value)}>
              <option value="">Choisissez…</option>
              {choices[spec.list].map((c) => (
                <option key={c.value} value={c.value}>{c.label}</option>
              ))}
            </select>
          )}
        </Field>
      );
    case 'radio':
    case 'yesno':
      return (
        <ChoiceGroup
          name={spec.name} type="radio" legend={spec.label} hint={spec.hint} error={error}
          options={spec.kind === 'yesno' ? yesNo : choices[spec.list]}
          isChecked={(v) => value === v}
          onToggle={(v) => onChange(spec.name, v)}
        />
      );
    case 'checkboxes': {
      const picked = Array.isArray(raw) ? raw : [];
      return (
        <ChoiceGroup
          name={spec.name} type="checkbox" legend={spec.label} hint={spec.hint} error={error} options={choices[spec.list]}
          isChecked={(v) => picked.includes(v)}
          onToggle={(v, on) => onChange(spec.name, on ? [...picked, v] : picked.filter((p) => p !== v))}
        />
      );
    }
    case 'date': {
      const [, ahead] = rangeOf(spec, today);
      const last = new Date(today);
      last.setDate(last.getDate() + ahead);
      return (
        <TextField {...common} type="date" name={spec.name} value={value} min={isoDay(today)} max={isoDay(last)}
          onChange={(e) => onChange(spec.name, e.target.value)} />
      );
    }
    default: {
      const numeric = spec.kind !== 'text';
      return (
        <TextField
          {...common}
          type="text"
          name={spec.name}
          value={value}
          inputMode={spec.kind === 'coefficient' ? 'decimal' : numeric ? 'numeric' : undefined}
          autoComplete={spec.kind === 'postalCode' ? 'postal-code' : 'off'}
          className={numeric ? 'input-short' : undefined}
          onChange={(e) => onChange(spec.name, e.target.value)}
        />
      );
    }
  }
}
