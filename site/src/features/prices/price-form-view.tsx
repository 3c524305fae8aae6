import { useEffect, useRef, useState, type FormEvent } from 'react';
import { firstErrorSelector } from '../../components/choice-group';
import { ApiError } from '../../lib/api';
import { typeset } from '../../lib/format';
import { requestPrices, type Vehicle } from './api';
import { AnswerField } from './answer-field';
import { journeyCopy } from './journey-copy';
import { Loading } from '../../components/loading';
import { stepFields, type FormErrors, type FormValue, type FormValues, type NeedsValues } from './price-form';
import { whenIdle } from '../../lib/island';
import { moduleCache } from '../../lib/module-cache';
import { loadPriceProduct, priceForm, priceProduct, type PriceForm, type PriceProductId } from './rates';
import type { StoredJourney } from './storage';
import { vehicleLabel } from './vehicles';

/**
 * The third step's questions, and the needs of the rating file they ask:
 * fetched while the second step is answered, and waited for before the
 * third step shows, so that it never opens without them (a keyboard
 * user's first Tab would reach the submit button).
 */
const needsFields = moduleCache(() => import('./needs-fields'));
type NeedsModule = typeof import('./needs-fields');
type CheckModule = typeof import('./price-check');
type Describer = import('./describe-vehicle').Describer;
type VehicleProductId = import('./describe-vehicle').VehicleProductId;

/** The answers' checks: loaded once the page is idle, or at the first submission if that comes first. */
const priceCheck = moduleCache(() => import('./price-check'));

const notLoaded = 'La suite du formulaire n’a pas pu être chargée. Réessayez.';

const needsWhy = typeset('Votre courtier doit recueillir vos exigences et besoins avant de vous conseiller (Code des assurances, art. L521-4).');

type Step = 1 | 2 | 3;

/** What is insured, in words, for the prices' summary and the advice sheet. */
function subjectOf(product: PriceForm, values: FormValues, vehicle: Vehicle | null): string {
  if (vehicle) return vehicleLabel(vehicle);
  const dwelling = product.form.find((f) => f.key === 'dwelling')?.choices?.find((c) => c.id === values.dwelling)?.label ?? '';
  return typeset([dwelling, values.surface ? `${String(values.surface)} m²` : '', values.postalCode].filter(Boolean).join(', '));
}

/** The step that asks a refused field, so a server's error shows next to it. */
function stepOf(product: PriceForm, field: string): Step | undefined {
  if (field.startsWith('needs.')) return 3;
  if (field.startsWith('vehicle')) return 1;
  if (stepFields(product, 1).some((f) => f.key === field)) return 1;
  if (stepFields(product, 2).some((f) => f.key === field)) return 2;
  return undefined;
}

interface PriceFormViewProps {
  productId: PriceProductId;
  onStep: (step: Step) => void;
  onPriced: (journey: StoredJourney) => void;
}

/**
 * The journey's three steps: what is insured, the driver or the place,
 * the needs. Each step is checked with the rating file's bounds and
 * messages before the next; the last asks the prices.
 */
export function PriceFormView({ productId, onStep, onPriced }: PriceFormViewProps) {
  const product = priceForm(productId);
  const copy = journeyCopy[productId];
  const [needs3, setNeeds3] = useState<NeedsModule | undefined>(needsFields.loaded);
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState<FormValues>({});
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  // « Mon véhicule n’est pas dans la liste »: its characteristics replace the picker.
  const [described, setDescribed] = useState<Describer>();
  const [needs, setNeeds] = useState<NeedsValues>({ covers: [], budget: '', deductible: '', existingCover: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const started = useRef(false);

  useEffect(() => {
    onStep(step);
    if (started.current) headingRef.current?.focus();
    started.current = true;
  }, [step, onStep]);

  // After a refused step (not while a field is corrected), the first error takes the focus.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>(firstErrorSelector)?.focus();
  }, [refusals]);

  function answer(key: string, value: FormValue) {
    setValues((prev) => ({ ...prev, [key]: value }));
    // A corrected answer loses its error; the others stay until the next check.
    setErrors((prev) => {
      if (!(key in prev)) return prev;
      const { [key]: _gone, ...rest } = prev;
      return rest;
    });
  }

  function chooseVehicle(v: Vehicle | null) {
    setVehicle(v);
    answer('vehicleId', v?.id ?? '');
  }

  function describe() {
    chooseVehicle(null);
    import('./describe-vehicle').then((m) => m.describer(productId as VehicleProductId)).then(setDescribed, () => setFormError(notLoaded));
  }

  // Fetched while the second step is answered (or when a refusal sends back to the third).
  const thirdStep = () => Promise.all([needsFields.load(), loadPriceProduct(productId)]);
  useEffect(() => {
    if (step >= 2 && !needs3) void thirdStep().then(([m]) => setNeeds3(m), () => {});
  }, [step, needs3]);

  function go(next: Step) {
    setErrors({});
    setFormError(undefined);
    setStep(next);
  }

  useEffect(() => {
    if (!priceCheck.loaded()) void whenIdle().then(priceCheck.load).catch(() => {});
  }, []);

  async function price({ toNeeds, toAnswers, placeFieldErrors }: CheckModule) {
    const sentNeeds = toNeeds(priceProduct(productId), needs);
    setBusy(true);
    setFormError(undefined);
    try {
      const quote = await requestPrices(productId, { ...toAnswers(product, values), ...described?.answers(values) }, sentNeeds);
      onPriced({ product: productId, quote, needs: sentNeeds, subject: described?.subject(values) ?? subjectOf(product, values, vehicle) });
    } catch (err) {
      const fields = err instanceof ApiError ? (err.errors.length ? err.errors : err.field ? [{ field: err.field, message: err.message }] : []) : [];
      const placed = placeFieldErrors(fields);
      const first = Object.keys(placed).map((k) => stepOf(product, k)).find((s) => s !== undefined);
      if (first) {
        setStep(first);
        setErrors(placed);
        setRefusals((r) => r + 1);
      } else {
        setFormError(err instanceof ApiError ? err.message : 'Les prix n’ont pas pu être calculés. Réessayez.');
      }
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const check = priceCheck.loaded();
    if (check) submit(check);
    else void priceCheck.load().then(submit, () => setFormError(notLoaded));
  }

  function submit(check: CheckModule) {
    const { checkNeeds, checkFields } = check;
    const found = step === 3 ? checkNeeds(needs) : step === 1 && described ? described.check(values, new Date())
      : checkFields(stepFields(product, step), values, new Date(), vehicle ?? undefined);
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length) {
      setRefusals((r) => r + 1);
      return;
    }
    if (step === 1) go(2);
    else if (step === 2) void thirdStep().then(([m]) => { setNeeds3(m); go(3); }, () => setFormError(notLoaded));
    else void price(check);
  }

  const title = [copy.subject, copy.person, 'Vos besoins'][step - 1];
  return (
    <form ref={formRef} className="card price-form" onSubmit={onSubmit} noValidate aria-labelledby="prix-etape">
      <h2 id="prix-etape" ref={headingRef} tabIndex={-1}>{typeset(`Étape ${step} sur 3 : ${title?.toLowerCase() ?? ''}`)}</h2>
      {formError ? <p className="form-error" role="alert">{formError}</p> : null}
      {step === 3 ? (
        <>
          <p className="price-why">{needsWhy}</p>
          {needs3 ? (
            <needs3.NeedsFields product={priceProduct(productId)} needs={needs} errors={errors} onChange={(c) => setNeeds((n) => ({ ...n, ...c }))} />
          ) : <Loading />}
        </>
      ) : step === 1 && described ? (
        <described.Form values={values} errors={errors} onChange={answer} onBack={() => setDescribed(undefined)} />
      ) : (
        stepFields(product, step).map((f) => (
          <AnswerField
            key={f.key} product={product} field={f} values={values} error={errors[f.key]} vehicle={vehicle}
            onChange={answer} onVehicle={chooseVehicle} onDescribe={describe}
          />
        ))
      )}
      <div className="price-form-actions">
        <button className="btn btn-primary" type="submit" disabled={busy}>
          {busy ? 'Calcul en cours…' : step < 3 ? 'Continuer' : 'Voir mes prix'}
        </button>
        {step > 1 ? <button className="btn btn-secondary" type="button" onClick={() => go((step - 1) as Step)}>Retour</button> : null}
      </div>
    </form>
  );
}
