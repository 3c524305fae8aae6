import { useRef, useState, type FormEvent } from 'react';
import { Field } from '../../components/field';
import { ApiError } from '../../lib/api';
import { formatEuros, parseEuros } from '../../lib/format';
import { todayInParis } from '../desk/quote-offer-form';
import { recordPayment } from './api';
import type { Contract, PaymentWay } from './types';

/** The ways a client pays staff, as the server names them. */
export const wayChoices: { value: PaymentWay; label: string }[] = [
  { value: 'transfer', label: 'Virement' },
  { value: 'cheque', label: 'Chèque' },
  { value: 'card', label: 'Carte bancaire' },
  { value: 'cash', label: 'Espèces' },
];

type FieldName = 'amount' | 'date' | 'way';
type Errors = Partial<Record<FieldName, string>>;

/** The server's field names, as the form names them. */
const serverFields: Record<string, FieldName> = { amountCents: 'amount', amount: 'amount', date: 'date', way: 'way' };

/** « 48,31 »: an amount in cents as staff type it. */
export function eurosInput(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** The form's own checks, before anything is sent. */
export function checkPayment(amount: string, date: string): Errors {
  const errors: Errors = {};
  const cents = parseEuros(amount);
  if (!amount.trim()) errors.amount = 'Indiquez le montant reçu, en euros.';
  else if (cents === null) errors.amount = 'Indiquez le montant en euros, par exemple 48,31.';
  else if (cents === 0) errors.amount = 'Le montant doit être supérieur à zéro.';
  if (!date) errors.date = 'Indiquez la date du paiement.';
  return errors;
}

/** The refused fields of an API error, and what concerns none of them. */
function placeErrors(err: unknown): { fields: Errors; general: string } {
  if (!(err instanceof ApiError)) return { fields: {}, general: 'Erreur inattendue.' };
  const fields: Errors = {};
  for (const e of err.errors.length > 0 ? err.errors : err.field ? [{ field: err.field, message: err.message }] : []) {
    const name = serverFields[e.field];
    if (name && !fields[name]) fields[name] = e.message;
  }
  return { fields, general: Object.keys(fields).length > 0 ? '' : err.message };
}

/**
 * « Enregistrer un paiement »: the amount received in euros (the unpaid
 * amount to begin with), its day and its way. The server checks again and
 * refuses a field with its French message, shown next to it.
 */
export function PaymentForm({ contract, dueCents, onRecorded }: { contract: Contract; dueCents: number; onRecorded: (c: Contract, message: string) => void }) {
  const [amount, setAmount] = useState(() => eurosInput(dueCents));
  const [date, setDate] = useState(() => todayInParis());
  const [way, setWay] = useState<PaymentWay>('transfer');
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState('');
  const [busy, setBusy] = useState(false);
  const refs = { amount: useRef<HTMLInputElement>(null), date: useRef<HTMLInputElement>(null), way: useRef<HTMLSelectElement>(null) };

  function show(fields: Errors, message: string) {
    setErrors(fields);
    setGeneral(message);
    const first = (['amount', 'date', 'way'] as const).find((f) => fields[f]);
    if (first) refs[first].current?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = checkPayment(amount, date);
    if (Object.keys(found).length > 0) return show(found, '');
    const cents = parseEuros(amount) ?? 0;
    setBusy(true);
    show({}, '');
    try {
      const updated = await recordPayment(contract.id, { amountCents: cents, date, way });
      onRecorded(updated, `Paiement de ${formatEuros(cents)} enregistré.`);
    } catch (err) {
      const placed = placeErrors(err);
      show(placed.fields, placed.general);
      setBusy(false);
    }
  }

  return (
    <form className="payment-form" noValidate aria-labelledby="paiement-titre" onSubmit={submit}>
      <h3 id="paiement-titre">Enregistrer un paiement</h3>
      <div className="payment-form-fields">
        <Field label="Montant reçu (€)" error={errors.amount}>
          {(ids) => <input {...ids} ref={refs.amount} inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} required />}
        </Field>
        <Field label="Date du paiement" error={errors.date}>
          {(ids) => <input {...ids} ref={refs.date} type="date" value={date} max={todayInParis()} onChange={(e) => setDate(e.target.value)} required />}
        </Field>
        <Field label="Moyen de paiement" error={errors.way}>
          {(ids) => (
            <select {...ids} ref={refs.way} value={way} onChange={(e) => setWay(e.target.value as PaymentWay)}>
              {wayChoices.map((w) => <option key={w.value} value={w.value}>{w.label}</option>)}
            </select>
          )}
        </Field>
      </div>
      {general ? <p className="form-error" role="alert">{general}</p> : null}
      <button className="btn btn-primary btn-small" type="submit" disabled={busy}>{busy ? 'Enregistrement…' : 'Enregistrer le paiement'}</button>
    </form>
  );
}
