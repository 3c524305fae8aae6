// The journey's checks, with the bounds and messages of the rating file,
// and the answers and needs sent to POST /api/prices. Loaded once the page
// is idle or at the first « Continuer » (price-form-view.tsx), not with the
// first screen (the budget of issue 23).
import { parseEuros } from '../../lib/format';
import type { Needs, PriceAnswers, Vehicle } from './api';
import { isAsked, type FormErrors, type FormValue, type FormValues, type NeedsValues } from './price-form';
import { departmentCodes } from '../../../../pkg/pricing/rates.json?departments';
import type { FormField, PriceForm, PriceProduct } from './rates';

const departments = new Set(departmentCodes);

/**
 * Whether a postal code is French and has a department: five digits;
 * 200xx–201xx Corse-du-Sud, 202xx–206xx Haute-Corse, 97xxx overseas
 * (pkg/pricing's department, the same rule). The departments load with
 * the checks, not with the journey's first screen.
 */
export function hasDepartment(code: string): boolean {
  if (!/^\d{5}$/.test(code)) return false;
  let key = code.slice(0, 2);
  if (key === '20' && code[2]! <= '1') key = '2A';
  else if (key === '20' && code[2]! <= '6') key = '2B';
  else if (key === '97') key = code.slice(0, 3);
  return departments.has(key);
}

interface Day {
  y: number;
  m: number;
  d: number;
}

function parseDay(text: string): Day | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return { y, m: mo, d };
}

/** Full years from a to b (pkg/pricing's YearsUntil). */
function yearsUntil(a: Day, b: Day): number {
  const before = b.m < a.m || (b.m === a.m && b.d < a.d);
  return b.y - a.y - (before ? 1 : 0);
}

function isBefore(a: Day, b: Day): boolean {
  return a.y !== b.y ? a.y < b.y : a.m !== b.m ? a.m < b.m : a.d < b.d;
}

/** Today as a calendar day. */
export function dayOf(date: Date): Day {
  return { y: date.getFullYear(), m: date.getMonth() + 1, d: date.getDate() };
}

const text = (v: FormValue | undefined) => (typeof v === 'string' ? v.trim() : '');

/** A whole number typed with or without spaces ("12 000"), or null. */
export function parseWhole(value: string): number | null {
  const clean = value.replace(/[\s\u00a0\u202f]/g, '');
  return /^\d{1,9}$/.test(clean) ? Number(clean) : null;
}

/** A bonus-malus typed "0,68" or "0.68": two decimals at most, or null. */
export function parseCoefficient(value: string): number | null {
  const m = /^(\d)(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  return (Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))) / 100;
}

interface CheckContext {
  values: FormValues;
  today: Day;
  vehicle?: Vehicle;
}

/** Whether one answer holds, as pkg/pricing checks it. */
function holds(f: FormField, { values, today, vehicle }: CheckContext): boolean {
  const v = text(values[f.key]);
  if (v === '' && f.optional && f.type !== 'choice') return true;
  switch (f.type) {
    case 'date': {
      const birth = parseDay(v);
      if (!birth || isBefore(today, birth)) return false;
      const age = yearsUntil(birth, today);
      return age >= (f.minAge ?? 0) && age <= (f.maxAge ?? 200);
    }
    case 'licence': {
      const licence = parseDay(v);
      if (!licence || isBefore(today, licence)) return false;
      const birth = parseDay(text(values.birthDate));
      if (birth && yearsUntil(birth, licence) < (f.minAgeAtLicence ?? 0)) return false;
      const least = values.supervisedDriving === true ? f.minYearsSupervised ?? 0 : f.minYears ?? 0;
      return yearsUntil(licence, today) >= least;
    }
    case 'crm': {
      const c = parseCoefficient(v);
      return c !== null && c >= (f.min ?? 0.5) && c <= (f.max ?? 3.5);
    }
    case 'postalCode':
      return hasDepartment(v);
    case 'vehicle':
      return v !== '';
    case 'vehicleYear': {
      const year = parseWhole(v);
      // The years the engine takes: from the model's first to the year
      // after its last, and maxAge (30 years) back at most.
      const age = f.exemptEnergies?.includes(vehicle?.energy ?? '') ? 30 : f.maxAge ?? 30;
      const last = vehicle?.toYear ? Math.min(vehicle.toYear + 1, today.y) : today.y;
      return year !== null && year >= Math.max(vehicle?.fromYear ?? 0, today.y - age) && year <= last;
    }
    case 'choice':
      if (!isAsked(f, values) || (v === '' && f.optional && f.key !== 'floor')) return true;
      return (f.choices ?? []).some((c) => c.id === v);
    case 'int': {
      const n = parseWhole(v);
      return n !== null && n >= (f.min ?? 0) && n <= (f.max ?? Infinity);
    }
    case 'cents': {
      const cents = parseEuros(v);
      return cents !== null && cents >= (f.min ?? 0) && cents <= (f.max ?? Infinity);
    }
    default:
      return true;
  }
}

/** The errors of some questions: each refused answer gets its field's own message. */
export function checkFields(fields: FormField[], values: FormValues, today: Date, vehicle?: Vehicle): FormErrors {
  const context = { values, today: dayOf(today), vehicle };
  const errors: FormErrors = {};
  for (const f of fields) {
    if (!holds(f, context)) errors[f.key] = f.message;
  }
  return errors;
}

/** The answers as the API reads them: numbers as numbers, amounts in cents, unasked ones left out. */
export function toAnswers(product: PriceForm, values: FormValues): PriceAnswers {
  const out: PriceAnswers = {};
  for (const f of product.form) {
    const raw = values[f.key];
    const v = text(raw);
    if (!isAsked(f, values)) continue;
    switch (f.type) {
      case 'bool':
        out[f.key] = raw === true;
        break;
      case 'options':
        if (Array.isArray(raw) && raw.length) out[f.key] = raw;
        break;
      case 'crm':
        if (v) out[f.key] = parseCoefficient(v) ?? v;
        break;
      case 'int':
      case 'vehicleYear':
        if (v) out[f.key] = parseWhole(v) ?? v;
        break;
      case 'cents':
        if (v) out[f.key] = parseEuros(v) ?? v;
        break;
      default:
        if (v) out[f.key] = v;
    }
  }
  return out;
}

/** The highest budget the server accepts: 100 000 €. */
const maxBudgetCents = 10_000_000;

/** The errors of the needs: only the budget is typed. */
export function checkNeeds(needs: NeedsValues): FormErrors {
  if (!needs.budget.trim()) return {};
  const cents = parseEuros(needs.budget);
  if (cents === null || cents > maxBudgetCents) {
    return { 'needs.budget': 'Indiquez votre budget en euros, entre 0\u00a0et 100\u202f000\u00a0€ (ex.\u00a0: 50), ou laissez vide.' };
  }
  return {};
}

/** The needs as the API reads them. */
export function toNeeds(product: PriceProduct, needs: NeedsValues): Needs {
  const out: Needs = { covers: needs.covers };
  const cents = needs.budget.trim() ? parseEuros(needs.budget) : null;
  if (cents) {
    if (product.needs.budget === 'total') out.budgetCents = cents;
    else out.budgetMonthlyCents = cents;
  }
  if (needs.deductible === 'low' || needs.deductible === 'medium' || needs.deductible === 'high') out.deductible = needs.deductible;
  if (needs.existingCover === 'none' || needs.existingCover === 'elsewhere') out.existingCover = needs.existingCover;
  return out;
}

/** Where the server's field errors go: answers by key, needs by "needs.…". */
export function placeFieldErrors(errors: { field: string; message: string }[]): FormErrors {
  const out: FormErrors = {};
  for (const e of errors) {
    const key = e.field === 'crmHistory' ? 'bonusMalus' : e.field.startsWith('needs.budget') ? 'needs.budget' : e.field;
    out[key] ??= e.message;
  }
  return out;
}
