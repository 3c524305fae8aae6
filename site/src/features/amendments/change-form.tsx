import { useState, type FormEvent, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { ChoiceGroup, firstErrorSelector } from '../../components/choice-group';
import { TextField } from '../../components/text-field';
import { ApiError } from '../../lib/api';
import { formatDate, typeset } from '../../lib/format';
import { formatIban, ibanProblem, bicProblem } from '../contracts/iban';
import type { FieldErrors } from '../contracts/subscription-form';
import type { FormField, PriceProduct } from '../prices/rates';
import { VehiclePicker } from '../prices/vehicle-picker';
import { proposeAmendment, type Amendment, type AmendmentKind, type AmendedContract } from './api';
import { checkChange, dwellingAsked, dwellingFields, firstEffectiveDay, initialChange, kindLabels, kindsOf, lastEffectiveDay, maxNamedDrivers, namedDriversOf, toDraft, type ChangeValues } from './amendment-form';

/** A formula the contract may move to: its id and label (rates.json). */
export interface FormulaChoice {
  id: string;
  label: string;
}

/** The formulas of the rated product, in their order. */
function formulasOf(rated: PriceProduct | undefined): FormulaChoice[] {
  return [...(rated?.formulas ?? [])].sort((a, b) => a.rank - b.rank).map((f) => ({ id: f.id, label: f.label }));
}

/** The server's refusal as field errors (« changes.postalCode » → postalCode), and what no field shows. */
export function refusalOf(err: unknown): { fields: FieldErrors; message?: string } {
  if (!(err instanceof ApiError)) return { fields: {}, message: 'Le prix du changement n’a pas pu être calculé. Réessayez.' };
  const list = err.errors.length > 0 ? err.errors : err.field ? [{ field: err.field, message: err.message }] : [];
  const fields: FieldErrors = {};
  const loose: string[] = [];
  for (const f of list) {
    const key = f.field.startsWith('changes.') ? f.field.slice('changes.'.length) : f.field;
    if (key === 'namedDrivers') fields.driver ??= f.message;
    else if (key) fields[key] ??= f.message;
    else loose.push(f.message);
  }
  if (list.length === 0) return { fields, message: err.message };
  return { fields, message: loose.length > 0 ? loose.join(' ') : undefined };
}

function focusFirstError(form: HTMLFormElement | null) {
  window.setTimeout(() => form?.querySelector<HTMLElement>(firstErrorSelector)?.focus(), 0);
}

type Set = (p: Partial<ChangeValues>) => void;

function VehicleFields({ contract, v, set, errors }: { contract: AmendedContract; v: ChangeValues; set: Set; errors: FieldErrors }) {
  return (
    <>
      <VehiclePicker id="changement-vehicule" kind={contract.product === 'moto' ? 'moto' : 'car'} label="Votre nouveau véhicule" value={v.vehicle} onChange={(vehicle) => set({ vehicle })} error={errors.vehicleId} />
      <TextField id="changement-annee" label="Année de première mise en circulation" hint="Case B de la carte grise." inputMode="numeric" autoComplete="off" className="input-medium"
        maxLength={4} value={v.vehicleYear} onChange={(e) => set({ vehicleYear: e.target.value.replace(/\D/g, '') })} error={errors.vehicleYear} />
      <TextField id="changement-immatriculation" label="Immatriculation" hint="Telle qu’elle figure sur la carte grise, par exemple AB-123-CD." autoComplete="off" spellCheck={false}
        autoCapitalize="characters" className="input-medium" value={v.registration} onChange={(e) => set({ registration: e.target.value })} error={errors.registration} />
      <p className="field-hint">{typeset('Après la signature, envoyez la carte grise du nouveau véhicule : vous êtes couvert provisoirement le temps que nous la vérifiions.')}</p>
    </>
  );
}

/**
 * One question of a home's dwelling, as the rating file asks it (a choice
 * or a whole number). Not the price journey's AnswerField: sharing it
 * would split it out of the journey's chunk, over the journey's budget.
 */
function DwellingField({ field: f, value: text = '', error, onChange }: { field: FormField; value?: string; error?: string; onChange: (v: string) => void }) {
  if (f.type === 'choice') {
    return (
      <ChoiceGroup name={`changement-${f.key}`} type="radio" legend={f.label} error={error}
        options={(f.choices ?? []).map((c) => ({ value: c.id, label: c.label.charAt(0).toUpperCase() + c.label.slice(1) }))}
        isChecked={(x) => x === text} onToggle={(x) => onChange(x)} />
    );
  }
  return (
    <TextField id={`changement-${f.key}`} label={f.unit ? `${f.label} (${f.unit})` : f.label} inputMode="numeric" autoComplete="off" className="input-medium"
      value={text} onChange={(e) => onChange(e.target.value)} error={error} />
  );
}

function AddressFields({ rated, v, set, errors }: { rated?: PriceProduct; v: ChangeValues; set: Set; errors: FieldErrors }) {
  const dwelling = dwellingFields(rated);
  return (
    <>
      <TextField id="changement-adresse" label="Nouvelle adresse" autoComplete="street-address" value={v.address} onChange={(e) => set({ address: e.target.value })} error={errors.address} maxLength={120} />
      <TextField id="changement-code-postal" label="Code postal" autoComplete="postal-code" inputMode="numeric" className="input-medium" maxLength={5}
        value={v.postalCode} onChange={(e) => set({ postalCode: e.target.value.replace(/\D/g, '') })} error={errors.postalCode} />
      <TextField id="changement-ville" label="Ville" autoComplete="address-level2" value={v.city} onChange={(e) => set({ city: e.target.value })} error={errors.city} maxLength={80} />
      {rated && dwelling.length > 0 ? (
        <fieldset className="contract-fieldset amendment-dwelling">
          <legend>Votre nouveau logement</legend>
          {dwelling.filter((f) => dwellingAsked(f, v.answers)).map((f) => (
            <DwellingField key={f.key} field={f} value={v.answers[f.key]} error={errors[f.key]} onChange={(value) => set({ answers: { ...v.answers, [f.key]: value } })} />
          ))}
        </fieldset>
      ) : null}
    </>
  );
}

function DriverFields({ contract, v, set, errors }: { contract: AmendedContract; v: ChangeValues; set: Set; errors: FieldErrors }) {
  const n = namedDriversOf(contract);
  const options = [
    ...(n < maxNamedDrivers ? [{ value: 'add', label: 'J’ajoute un conducteur désigné' }] : []),
    ...(n > 0 ? [{ value: 'remove', label: 'Je retire un conducteur désigné' }] : []),
  ];
  const now = n === 0 ? 'Aucun conducteur désigné en plus de vous aujourd’hui.' : n === 1 ? '1 conducteur désigné en plus de vous aujourd’hui.' : `${n} conducteurs désignés en plus de vous aujourd’hui.`;
  return (
    <>
      <ChoiceGroup name="changement-conducteur" type="radio" legend="Conducteur désigné" hint={typeset(now)} error={errors.driver} options={options}
        isChecked={(x) => v.driver === x} onToggle={(x) => set({ driver: x as ChangeValues['driver'] })} />
      {v.driver === 'add' ? (
        <TextField id="changement-conducteur-nom" label="Prénom et nom du conducteur" autoComplete="off" value={v.driverName} onChange={(e) => set({ driverName: e.target.value })} error={errors.driverName} maxLength={70} />
      ) : null}
    </>
  );
}

function FormulaFields({ contract, formulas, v, set, errors }: { contract: AmendedContract; formulas: FormulaChoice[]; v: ChangeValues; set: Set; errors: FieldErrors }) {
  const others = formulas.filter((f) => f.label !== contract.formula);
  return (
    <ChoiceGroup name="changement-formule" type="radio" legend={`Nouvelle formule chez ${contract.insurer}`} hint={typeset(`Aujourd’hui : ${contract.formula}.`)} error={errors.formulaId}
      options={others.map((f) => ({ value: f.id, label: f.label }))} isChecked={(x) => v.formulaId === x} onToggle={(x) => set({ formulaId: x })} />
  );
}

function BankFields({ v, set, errors, setErrors }: { v: ChangeValues; set: Set; errors: FieldErrors; setErrors: (f: (e: FieldErrors) => FieldErrors) => void }) {
  return (
    <>
      <TextField id="changement-titulaire" label="Titulaire du compte" autoComplete="name" value={v.holder} onChange={(e) => set({ holder: e.target.value })} error={errors.holder} maxLength={70} />
      <TextField
        id="changement-iban" label="Nouvel IBAN" autoComplete="off" spellCheck={false} autoCapitalize="characters" hint="Par exemple FR76 3000 6000 0112 3456 7890 189."
        value={v.iban} onChange={(e) => set({ iban: e.target.value })} error={errors.iban}
        onBlur={() => {
          const problem = v.iban.trim() ? ibanProblem(v.iban) : undefined;
          setErrors((e) => ({ ...e, iban: problem }));
          if (!problem && v.iban.trim()) set({ iban: formatIban(v.iban) });
        }}
      />
      <TextField id="changement-bic" label="BIC (facultatif)" autoComplete="off" spellCheck={false} autoCapitalize="characters" className="input-medium"
        value={v.bic} onChange={(e) => set({ bic: e.target.value })} error={errors.bic} onBlur={() => setErrors((e) => ({ ...e, bic: bicProblem(v.bic) }))} />
      <p className="field-hint">{typeset('Votre mandat SEPA garde sa référence : le prochain prélèvement porte la modification du compte, comme le prévoit le règlement SEPA.')}</p>
    </>
  );
}

/**
 * The change asked: what changes (a vehicle, an address, a driver, a
 * formula, a bank account), its fields, the day it takes effect; then
 * « Voir le prix du changement », priced by the server, nothing signed.
 */
export function ChangeForm({ contract, rated, today, onPriced }: { contract: AmendedContract; rated?: PriceProduct; today: string; onPriced: (a: Amendment) => void }) {
  const formulas = formulasOf(rated);
  const [v, setValues] = useState<ChangeValues>(() => initialChange(contract, firstEffectiveDay(contract, today)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set: Set = (p) => setValues((x) => ({ ...x, ...p }));
  const kinds = kindsOf(contract).filter((k) => k !== 'formula' || formulas.some((f) => f.label !== contract.formula));
  const first = firstEffectiveDay(contract, today);
  const last = lastEffectiveDay(contract);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const problems = checkChange(v, contract, today, rated);
    setErrors(problems);
    setFailure(undefined);
    if (Object.keys(problems).length > 0) {
      focusFirstError(form);
      return;
    }
    setBusy(true);
    try {
      onPriced(await proposeAmendment(contract.id, toDraft(v, contract, rated)));
    } catch (err) {
      const { fields, message } = refusalOf(err);
      setErrors(fields);
      setFailure(message);
      focusFirstError(form);
      setBusy(false);
    }
  }

  const fields: Record<AmendmentKind, ReactElement> = {
    vehicle: <VehicleFields contract={contract} v={v} set={set} errors={errors} />,
    address: <AddressFields rated={rated} v={v} set={set} errors={errors} />,
    driver: <DriverFields contract={contract} v={v} set={set} errors={errors} />,
    formula: <FormulaFields contract={contract} formulas={formulas} v={v} set={set} errors={errors} />,
    bank: <BankFields v={v} set={set} errors={errors} setErrors={setErrors} />,
  };
  return (
    <form className="contract-form amendment-change" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="changement-titre">
      <h2 id="changement-titre">Votre changement</h2>
      {failure ? (
        <p className="form-error" role="alert">
          {typeset(failure)} <Link to="/contact">Demander à un conseiller</Link>
        </p>
      ) : null}
      <ChoiceGroup name="changement-nature" type="radio" legend={'Que changez-vous\u00a0?'} error={errors.kind}
        options={kinds.map((k) => ({ value: k, label: kindLabels[k] }))} isChecked={(x) => v.kind === x}
        onToggle={(x) => { set({ kind: x as AmendmentKind }); setErrors({}); setFailure(undefined); }} />
      {v.kind ? (
        <>
          <div className="amendment-fields">{fields[v.kind]}</div>
          <TextField id="changement-date" type="date" label="À partir du" className="input-medium" min={first} max={last}
            hint={`${first === today ? 'Aujourd’hui ou plus tard' : `Du ${formatDate(first)}, début du contrat,`} jusqu’au ${formatDate(last)} (fin de l’année en cours du contrat).`}
            value={v.effectiveDate} onChange={(e) => set({ effectiveDate: e.target.value })} error={errors.effectiveDate} />
          <div className="contract-actions">
            <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? 'Calcul du prix…' : 'Voir le prix du changement'}</button>
          </div>
          <p className="muted">{typeset('Rien ne change avant votre signature : le prix vous est montré d’abord.')}</p>
        </>
      ) : null}
    </form>
  );
}
