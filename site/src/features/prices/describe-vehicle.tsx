// « Mon véhicule n’est pas dans la liste »: the characteristics of a
// vehicle the catalogue lacks, asked in place of the picker. Loaded at the
// click (price-form-view.tsx) with its product's questions and rules from
// the rating file (the ?describe-<product> views of vite.config.ts): none
// of it is in the journey's first JavaScript. The checks are the engine's
// (pkg/pricing/described.go), with its messages.
import { useEffect, type ReactElement } from 'react';
import { ChoiceGroup } from '../../components/choice-group';
import { Field } from '../../components/field';
import { TextField } from '../../components/text-field';
import { parseEuros, typeset } from '../../lib/format';
import type { PriceAnswers } from './api';
import { dayOf, parseWhole } from './price-check';
import type { FormErrors, FormValue, FormValues } from './price-form';
import type { FormField, PriceProductId } from './rates';
import { describeViews } from '../../../../pkg/pricing/products.json?price';

/** What the rating file says of a described vehicle: its questions and its rules. */
export interface DescribeRules {
  fields: FormField[];
  /** How many years back a first registration may be. */
  maxAge: number;
  /** A car's fiscal powers by energy: the least and the most. */
  fiscalPower: Record<string, [number, number]>;
}

/** A product that insures a vehicle (pkg/pricing/products.json's « vehicle »). */
export type VehicleProductId = Exclude<PriceProductId, 'home'>;

/** The props of the characteristics' form. */
export interface DescribeFormProps {
  values: FormValues;
  errors: FormErrors;
  onChange: (key: string, value: FormValue) => void;
  /** Back to the picker. */
  onBack: () => void;
}

/** A vehicle described by its characteristics: its form, its checks, its answers. */
export interface Describer {
  Form: (props: DescribeFormProps) => ReactElement;
  check: (values: FormValues, today: Date) => FormErrors;
  answers: (values: FormValues) => PriceAnswers;
  /** The vehicle in words, for the prices' summary: « Renault Clio 2006 — diesel, 5 CV ». */
  subject: (values: FormValues) => string;
}

/** The DOM id of a question's input, as answer-field.tsx makes it (not imported: that would move it out of the journey's chunk). */
const answerId = (key: string) => `prix-${key}`;
const text = (v: FormValue | undefined) => (typeof v === 'string' ? v.trim() : '');
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const choiceLabel = (f: FormField | undefined, id: string) => f?.choices?.find((c) => c.id === id)?.label ?? id;

/** The hints of the questions, where the registration certificate says it. */
const hints: Record<string, string> = {
  vehicleMake: 'Case D.1 de la carte grise.',
  vehicleModel: 'Case D.3 de la carte grise (ex.\u00a0: Clio, 206, XJ6).',
  vehicleYear: 'Case B de la carte grise.',
  vehicleFiscalPower: 'Case P.6 de la carte grise.',
  vehicleCc: 'Case P.1 de la carte grise\u00a0; laissez vide pour un deux-roues électrique.',
  vehicleValueCents: 'La valeur à neuf figure sur la facture d’achat. Sans elle, le prix payé\u00a0: nous estimons la valeur à neuf d’après l’âge du véhicule.',
};

/** The label of a question with its unit, as the journey writes it. */
function labelOf(f: FormField): string {
  return f.type === 'vehicleCents' ? `${f.label} (en euros)` : f.unit ? `${f.label} (${f.unit})` : f.label;
}

/** Loads the questions and rules of a product's described vehicle and binds them. */
export async function describer(id: VehicleProductId): Promise<Describer> {
  const rules = (await describeViews[id]!()).describe as DescribeRules;
  return {
    Form: (props) => <DescribeVehicle rules={rules} {...props} />,
    check: (values, today) => checkDescribed(rules, values, today),
    answers: (values) => describedAnswers(rules, values),
    subject: (values) => describedSubject(rules, values),
  };
}

/** Whether a make or model is written: a letter or a digit, at most max characters, no control character. */
function plausibleName(s: string, max: number): boolean {
  return s !== '' && [...s].length <= max && /[\p{L}\p{N}]/u.test(s) && !/[\p{Cc}\p{Cf}]/u.test(s);
}

/** The licence a motorbike's displacement needs (AM or A1 up to 50 cm³, A1 up to 125 cm³, A2 or A beyond). */
function licencesFor(cc: number): string[] {
  return cc <= 50 ? ['AM', 'A1'] : cc <= 125 ? ['A1'] : ['A2', 'A'];
}

/** The refused characteristics, each with the engine's message. */
export function checkDescribed(rules: DescribeRules, values: FormValues, date: Date): FormErrors {
  const errors: FormErrors = {};
  const field = (key: string) => rules.fields.find((f) => f.key === key);
  const today = dayOf(date);
  const year = parseWhole(text(values.vehicleYear));
  const first = today.y - rules.maxAge;
  if (year === null || year < first || year > today.y) {
    errors.vehicleYear = `Indiquez l’année de première mise en circulation (case B de la carte grise), entre ${first} et ${today.y}.`;
  }
  const energy = text(values.vehicleEnergy);
  const energyOK = Boolean(field('vehicleEnergy')?.choices?.some((c) => c.id === energy));
  const cc = text(values.vehicleCc);
  for (const f of rules.fields) {
    const v = text(values[f.key]);
    let ok = true;
    if (f.type === 'vehicleText') ok = plausibleName(v, f.max ?? 40);
    else if (f.type === 'vehicleChoice') ok = (f.choices ?? []).some((c) => c.id === v);
    else if (f.type === 'vehicleCents') {
      const cents = parseEuros(v);
      ok = cents !== null && cents >= (f.min ?? 0) && cents <= (f.max ?? Infinity);
    } else if (f.key !== 'vehicleCc' || energy !== 'electrique') {
      const n = parseWhole(v);
      ok = n !== null && n >= (f.min ?? 0) && n <= (f.max ?? Infinity);
    } else if (cc !== '' && cc !== '0') {
      errors[f.key] = 'Un deux-roues électrique n’a pas de cylindrée\u00a0: laissez ce champ vide.';
      continue;
    }
    if (!ok) errors[f.key] = f.message;
  }
  const power = parseWhole(text(values.vehicleFiscalPower));
  const bounds = rules.fiscalPower[energy];
  if (field('vehicleFiscalPower') && !errors.vehicleFiscalPower && energyOK && bounds && power !== null && (power < bounds[0] || power > bounds[1])) {
    errors.vehicleFiscalPower = `Une voiture ${choiceLabel(field('vehicleEnergy'), energy)} a de ${bounds[0]} à ${bounds[1]}\u00a0CV\u00a0: vérifiez la puissance fiscale (case P.6 de la carte grise).`;
  }
  const displacement = parseWhole(cc);
  const licence = text(values.vehicleLicence);
  if (field('vehicleLicence') && energyOK && energy !== 'electrique' && !errors.vehicleCc && !errors.vehicleLicence && displacement !== null) {
    const allowed = licencesFor(displacement);
    if (!allowed.includes(licence)) {
      errors.vehicleLicence = `Un deux-roues de ${displacement.toLocaleString('fr-FR')}\u00a0cm³ se conduit avec le permis ${allowed.join(' ou ')}\u00a0: choisissez-le.`;
    }
  }
  return errors;
}

/** The characteristics as POST /api/prices reads them: numbers as numbers, the amount in cents. */
export function describedAnswers(rules: DescribeRules, values: FormValues): PriceAnswers {
  const out: PriceAnswers = {};
  for (const f of rules.fields) {
    const v = text(values[f.key]);
    if (!v) continue;
    if (f.type === 'vehicleInt') out[f.key] = parseWhole(v) ?? v;
    else if (f.type === 'vehicleCents') out[f.key] = parseEuros(v) ?? v;
    else out[f.key] = v;
  }
  return out;
}

/** The vehicle in words: « Renault Clio 2006 — diesel, 5 CV », « Yamaha XJ6 2010 — essence, 600 cm³ ». */
export function describedSubject(rules: DescribeRules, values: FormValues): string {
  const energy = choiceLabel(rules.fields.find((f) => f.key === 'vehicleEnergy'), text(values.vehicleEnergy));
  const power = text(values.vehicleFiscalPower) ? `${text(values.vehicleFiscalPower)}\u00a0CV`
    : text(values.vehicleCc) ? `${text(values.vehicleCc)}\u00a0cm³` : '';
  const name = [text(values.vehicleMake), text(values.vehicleModel), text(values.vehicleYear)].filter(Boolean).join(' ');
  return `${name} — ${[energy, power].filter(Boolean).join(', ')}`;
}

interface DescribeVehicleProps extends DescribeFormProps {
  rules: DescribeRules;
}

/** The characteristics' questions, in the rating file's order, the year after the model. */
export function DescribeVehicle({ rules, values, errors, onChange, onBack }: DescribeVehicleProps) {
  useEffect(() => {
    document.getElementById(answerId('vehicleMake'))?.focus();
  }, []);
  const year = (
    <TextField
      key="vehicleYear" id={answerId('vehicleYear')} name="vehicleYear" label="Année de première mise en circulation"
      hint={hints.vehicleYear} error={errors.vehicleYear} type="text" inputMode="numeric" autoComplete="off" className="input-short"
      value={text(values.vehicleYear)} onChange={(e) => onChange('vehicleYear', e.target.value)}
    />
  );
  return (
    <fieldset className="vehicle-describe">
      <legend>Les caractéristiques de votre véhicule</legend>
      <p className="field-hint">{typeset('Elles figurent sur la carte grise (certificat d’immatriculation).')}</p>
      {rules.fields.flatMap((f) => {
        const id = answerId(f.key);
        const value = typeof values[f.key] === 'string' ? (values[f.key] as string) : '';
        const error = errors[f.key];
        const change = (v: string) => onChange(f.key, v);
        let question;
        if (f.key === 'vehicleValueKind') {
          question = (
            <ChoiceGroup
              key={f.key} name={`prix-${f.key}`} type="radio" legend={f.label} error={error}
              options={(f.choices ?? []).map((c) => ({ value: c.id, label: capitalize(c.label) }))}
              isChecked={(v) => v === value} onToggle={change}
            />
          );
        } else if (f.type === 'vehicleChoice') {
          question = (
            <Field key={f.key} id={id} label={f.label} error={error}>
              {(ids) => (
                <select {...ids} name={f.key} className="input-medium" value={value} onChange={(e) => change(e.target.value)}>
                  <option value="">Choisissez…</option>
                  {(f.choices ?? []).map((c) => <option key={c.id} value={c.id}>{capitalize(c.label)}</option>)}
                </select>
              )}
            </Field>
          );
        } else {
          question = (
            <TextField
              key={f.key} id={id} name={f.key} label={labelOf(f)} hint={hints[f.key]} error={error} type="text" value={value}
              autoComplete="off" className={f.type === 'vehicleText' ? 'input-medium' : 'input-short'}
              inputMode={f.type === 'vehicleInt' ? 'numeric' : f.type === 'vehicleCents' ? 'decimal' : undefined}
              onChange={(e) => change(e.target.value)}
            />
          );
        }
        return f.key === 'vehicleModel' ? [question, year] : [question];
      })}
      <button type="button" className="vehicle-describe-back" onClick={onBack}>Revenir à la liste des véhicules</button>
    </fieldset>
  );
}
