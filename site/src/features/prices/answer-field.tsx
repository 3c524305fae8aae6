import { TextField } from '../../components/text-field';
import { ChoiceGroup } from '../../components/choice-group';
import type { Vehicle } from './api';
import type { FormValue, FormValues } from './price-form';
import { isAsked } from './price-form';
import type { FormField, PriceForm } from './rates';
import { VehiclePicker } from './vehicle-picker';

/** The DOM id of a question's input; the browser tests and the focus on errors rely on it. */
export function answerId(key: string): string {
  return `prix-${key}`;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The hints of the questions a person may hesitate on. */
const hints: Record<string, string> = {
  bonusMalus: 'Il figure sur votre relevé d’information (ex.\u00a0: 0,68). Premier contrat\u00a0: 1,00.',
  vehicleYear: 'Facultatif\u00a0: sans elle, l’année de sortie du modèle.',
  birthDate: 'Au format jour, mois, année.',
  postalCode: 'Il fixe la zone de tarification.',
  contentsCents: 'En euros, ce que coûterait le remplacement de vos meubles, appareils et vêtements.',
};

function labelOf(f: FormField): string {
  const unit = f.unit === 'm²' ? ' (m²)' : f.type === 'cents' ? ' (en euros)' : '';
  return `${f.label}${unit}${f.optional && f.type !== 'bool' && f.type !== 'options' && f.type !== 'choice' ? ' (facultatif)' : ''}`;
}

interface AnswerFieldProps {
  product: PriceForm;
  field: FormField;
  values: FormValues;
  error?: string;
  vehicle: Vehicle | null;
  onChange: (key: string, value: FormValue) => void;
  onVehicle: (vehicle: Vehicle | null) => void;
  /** Opens the characteristics of a vehicle not in the catalogue. */
  onDescribe?: () => void;
}

/** One question of a product's form, asked the way its type says. */
export function AnswerField({ product, field: f, values, error, vehicle, onChange, onVehicle, onDescribe }: AnswerFieldProps) {
  if (!isAsked(f, values)) return null;
  const raw = values[f.key];
  const value = typeof raw === 'string' ? raw : '';
  const id = answerId(f.key);
  const common = { id, label: labelOf(f), error, hint: hints[f.key], name: f.key };
  switch (f.type) {
    case 'vehicle':
      return <VehiclePicker id={id} kind={product.vehicleKind ?? 'car'} label={f.label} value={vehicle} onChange={onVehicle} error={error} onDescribe={onDescribe} />;
    case 'date':
    case 'licence':
      return <TextField {...common} type="date" value={value} className="input-medium" onChange={(e) => onChange(f.key, e.target.value)} />;
    case 'bool':
      return (
        <div className="field-check">
          <input id={id} type="checkbox" name={f.key} checked={raw === true} onChange={(e) => onChange(f.key, e.target.checked)} />
          <label htmlFor={id}>{f.label}</label>
        </div>
      );
    case 'choice':
      return (
        <ChoiceGroup
          name={`prix-${f.key}`} type="radio" legend={f.label} error={error}
          options={(f.choices ?? []).map((c) => ({ value: c.id, label: capitalize(c.label) }))}
          isChecked={(v) => v === value} onToggle={(v) => onChange(f.key, v)}
        />
      );
    case 'options': {
      const picked = Array.isArray(raw) ? raw : [];
      return (
        <ChoiceGroup
          name={`prix-${f.key}`} type="checkbox" legend={`${f.label} (facultatif)`} error={error}
          options={(product.options ?? []).map((o) => ({ value: o.id, label: o.label }))}
          isChecked={(v) => picked.includes(v)}
          onToggle={(v, on) => onChange(f.key, on ? [...picked, v] : picked.filter((p) => p !== v))}
        />
      );
    }
    default: {
      const decimal = f.type === 'crm' || f.type === 'cents';
      return (
        <TextField
          {...common} type="text" value={value} className="input-short"
          inputMode={decimal ? 'decimal' : 'numeric'}
          autoComplete={f.type === 'postalCode' ? 'postal-code' : 'off'}
          onChange={(e) => onChange(f.key, e.target.value)}
        />
      );
    }
  }
}
