import { useEffect, useRef, useState } from 'react';
import { Field } from '../../components/field';
import { ApiError } from '../../lib/api';
import { formatEuros } from '../quotes/quotes';
import type { Vehicle } from '../prices/api';
import { isPriceProduct, loadPriceProduct, type Formula } from '../prices/rates';
import { VehiclePicker } from '../prices/vehicle-picker';
import { amendmentDraft, amendmentKindsFor, checkAmendment, formField, type AmendmentValues } from './amendment-form';
import { adjustmentText, amendmentKinds } from './amendments-section';
import { prepareAmendment } from './api';
import { parisToday } from './labels';
import type { Amendment, AmendmentKind, Contract } from './types';

type Formulas = { status: 'idle' | 'loading' } | { status: 'done'; formulas: Formula[] } | { status: 'failed' };

/** The formulas of the contract's product, loaded when the agent asks to change it. */
function useFormulas(product: string, wanted: boolean): Formulas {
  const [state, setState] = useState<Formulas>({ status: 'idle' });
  useEffect(() => {
    if (!wanted || !isPriceProduct(product)) return undefined;
    let live = true;
    setState({ status: 'loading' });
    loadPriceProduct(product).then(
      (p) => { if (live) setState({ status: 'done', formulas: p.formulas }); },
      () => { if (live) setState({ status: 'failed' }); },
    );
    return () => { live = false; };
  }, [product, wanted]);
  return state;
}

interface FieldsProps {
  contract: Contract;
  kind: AmendmentKind;
  values: AmendmentValues;
  errors: Record<string, string>;
  vehicle: Vehicle | null;
  set: (field: string, value: string) => void;
  onVehicle: (v: Vehicle | null) => void;
}

/** A text field of the form. */
function Text({ name, label, hint, values, errors, set, ...rest }: { name: string; label: string; hint?: string; inputMode?: 'numeric'; autoComplete?: string }
  & Pick<FieldsProps, 'values' | 'errors' | 'set'>) {
  return (
    <Field label={label} hint={hint} error={errors[name]}>
      {(ids) => <input {...ids} name={name} type="text" value={values[name] ?? ''} onChange={(e) => set(name, e.target.value)} {...rest} />}
    </Field>
  );
}

/** The fields of the change, by kind. */
function ChangeFields({ contract: c, kind, values, errors, vehicle, set, onVehicle }: FieldsProps) {
  const formulas = useFormulas(c.product, kind === 'formula');
  const p = { values, errors, set };
  switch (kind) {
    case 'vehicle':
      return (
        <>
          <VehiclePicker kind={c.product === 'moto' ? 'moto' : 'car'} label="Nouveau véhicule" value={vehicle} onChange={onVehicle} error={errors.vehicleId} />
          <Text name="vehicleYear" label="Année de mise en circulation" inputMode="numeric" {...p} />
          <Text name="registration" label="Immatriculation" hint="Par exemple AB-123-CD&nbsp;: le client enverra la nouvelle carte grise." {...p} />
        </>
      );
    case 'address':
      return (
        <>
          <Text name="address" label="Nouvelle adresse" autoComplete="off" {...p} />
          <Text name="postalCode" label="Code postal" inputMode="numeric" {...p} />
          <Text name="city" label="Ville" {...p} />
        </>
      );
    case 'driver':
      return (
        <Field label="Conducteurs désignés en plus du souscripteur" error={errors.namedDrivers}>
          {(ids) => (
            <select {...ids} name="namedDrivers" value={values.namedDrivers ?? ''} onChange={(e) => set('namedDrivers', e.target.value)}>
              <option value="">Choisir…</option>
              {[0, 1, 2, 3].map((n) => <option key={n} value={String(n)}>{n === 0 ? 'Aucun' : n}</option>)}
            </select>
          )}
        </Field>
      );
    case 'formula':
      if (formulas.status === 'failed') return <p className="form-error" role="alert">Les formules n’ont pas pu être chargées. Rechargez la page.</p>;
      return (
        <Field label={`Nouvelle formule chez ${c.insurer}`} error={errors.formulaId}>
          {(ids) => (
            <select {...ids} name="formulaId" value={values.formulaId ?? ''} onChange={(e) => set('formulaId', e.target.value)} aria-busy={formulas.status === 'loading'}>
              <option value="">{formulas.status === 'done' ? 'Choisir…' : 'Chargement des formules…'}</option>
              {formulas.status === 'done'
                ? formulas.formulas.filter((f) => f.id !== c.risk.formulaId).map((f) => <option key={f.id} value={f.id}>{f.label}</option>)
                : null}
            </select>
          )}
        </Field>
      );
    case 'bank':
      return (
        <>
          <Text name="holder" label="Titulaire du compte" {...p} />
          <Text name="iban" label="IBAN" hint="Le nouveau mandat figure dans l’avenant que le client signe." {...p} />
          <Text name="bic" label="BIC (facultatif)" {...p} />
        </>
      );
  }
}

/** What the agent prepared: the new premium and the adjustment, and what the client does next. */
function Prepared({ a }: { a: Amendment }) {
  return (
    <p className="notice-line" role="status">
      Avenant préparé&nbsp;: {formatEuros(a.yearlyCentsBefore)} → {formatEuros(a.yearlyCentsAfter)} par an, {adjustmentText(a.adjustmentCents).toLowerCase()}.
      {' '}Le client le retrouve dans son espace et le signe avec le code reçu par e-mail.
    </p>
  );
}

/**
 * « Préparer un avenant »: for a client who called, an agent chooses the
 * kind of change, its effective date and its fields; the server prices
 * it and keeps it as a draft, which the client signs by code. onPrepared
 * lets the page read the contract again, the amendment in its list.
 */
export function PrepareAmendment({ contract: c, onPrepared }: { contract: Contract; onPrepared: (a: Amendment) => void }) {
  const kinds = amendmentKindsFor(c);
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<AmendmentKind>(kinds[0] ?? 'address');
  const [values, setValues] = useState<AmendmentValues>({ effectiveDate: parisToday() });
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Amendment | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // The keyboard's place after the form closes (saved or cancelled): back
  // on « Préparer un avenant », the notice above it read out.
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (closed && !open) opener.current?.focus();
  }, [closed, open]);

  const set = (field: string, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const focusFirstError = () => requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  async function submit() {
    const today = parisToday();
    const found = checkAmendment(kind, values, today, Number(today.slice(0, 4)));
    setErrors(found);
    setError('');
    if (Object.keys(found).length > 0) {
      focusFirstError();
      return;
    }
    setBusy(true);
    try {
      const a = await prepareAmendment(c.id, amendmentDraft(kind, values));
      setDone(a);
      setOpen(false);
      setClosed(true);
      setValues({ effectiveDate: today });
      setVehicle(null);
      onPrepared(a);
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      const byField: Record<string, string> = {};
      for (const f of e?.errors ?? []) byField[formField(f.field)] = f.message;
      if (e?.field && !byField[formField(e.field)]) byField[formField(e.field)] = e.message;
      setErrors(byField);
      // A refusal of the whole change (the contract not in force, the rating file's no) is said above the buttons.
      if (Object.keys(byField).length === 0) setError(e?.message ?? 'Erreur inattendue.');
      else focusFirstError();
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <div className="amendment-prepare">
        {done ? <Prepared a={done} /> : null}
        <button ref={opener} className="btn btn-secondary" type="button" onClick={() => { setOpen(true); setDone(null); setClosed(false); }}>Préparer un avenant</button>
      </div>
    );
  }
  return (
    <form ref={form} className="amendment-form" noValidate aria-labelledby="preparer-avenant-titre"
      onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h3 id="preparer-avenant-titre">Préparer un avenant</h3>
      <p className="field-hint">Pour un client qui a appelé&nbsp;: le prix est recalculé à l’enregistrement, le client signe l’avenant par un code reçu par e-mail.</p>
      <Field label="Changement">
        {(ids) => (
          <select {...ids} name="kind" value={kind} autoFocus onChange={(e) => { setKind(e.target.value as AmendmentKind); setErrors({}); setError(''); }}>
            {kinds.map((k) => <option key={k} value={k}>{amendmentKinds[k]}</option>)}
          </select>
        )}
      </Field>
      <Field label="Date d’effet" hint="Aujourd’hui au plus tôt, dans l’année d’assurance en cours." error={errors.effectiveDate}>
        {(ids) => <input {...ids} name="effectiveDate" type="date" min={parisToday()} value={values.effectiveDate ?? ''} onChange={(e) => set('effectiveDate', e.target.value)} />}
      </Field>
      <ChangeFields contract={c} kind={kind} values={values} errors={errors} vehicle={vehicle} set={set}
        onVehicle={(v) => { setVehicle(v); set('vehicleId', v?.id ?? ''); }} />
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      <div className="form-actions">
        <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? 'Calcul du prix…' : 'Enregistrer l’avenant'}</button>
        <button className="btn btn-secondary" type="button" disabled={busy} onClick={() => { setOpen(false); setClosed(true); setErrors({}); setError(''); }}>Annuler</button>
      </div>
    </form>
  );
}
