import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../components/text-field';
import { formatDate, typeset } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import { earliestStart, addDays, hamonProducts, maxStartDays, vehicleProducts } from './details';
import { checkStep, stepOf, subscriptionSteps, type FieldErrors, type SubscriptionValues } from './subscription-form';

interface SubscriptionFormViewProps {
  product: string;
  yearlyCents: number;
  monthlyCents: number;
  today: string;
  initial: SubscriptionValues;
  busy: boolean;
  /** The server's refusals, by field; the form goes back to the first step concerned. */
  errors: FieldErrors;
  onStep?: (step: number) => void;
  onSubmit: (values: SubscriptionValues) => void;
}

/** Step 1: the start date, and the switch of insurer under the loi Hamon. */
function StartStep({ v, set, e, product, today }: { v: SubscriptionValues; set: (p: Partial<SubscriptionValues>) => void; e: FieldErrors; product: string; today: string }) {
  const hamon = hamonProducts.has(product);
  const earliest = earliestStart(today, v.switching && hamon, product);
  const sameDay = earliest === today;
  return (
    <>
      <TextField
        id="debut" label="Date de début du contrat" type="date" name="startDate" className="input-medium"
        min={earliest} max={addDays(today, maxStartDays)} value={v.startDate} onChange={(ev) => set({ startDate: ev.target.value })}
        hint={sameDay
          ? `Dès aujourd’hui : la garantie commence alors à l’heure pleine qui suit la signature. Au plus tard dans ${maxStartDays} jours.`
          : `Au plus tôt le ${formatDate(earliest)}, au plus tard dans ${maxStartDays} jours.`} error={e.startDate}
      />
      {hamon ? (
        <fieldset className="contract-fieldset">
          <legend>Changement d’assureur (loi Hamon)</legend>
          <div className="field-check">
            <input id="hamon" type="checkbox" checked={v.switching} onChange={(ev) => set({ switching: ev.target.checked })} />
            <label htmlFor="hamon">Je suis assuré ailleurs depuis plus d’un an&nbsp;: résiliez mon contrat actuel pour moi</label>
          </div>
          <p className="field-hint">{typeset('Facultatif. Nous écrivons à votre assureur ; votre contrat actuel prend fin un mois après, et le nouveau commence ce jour-là.')}</p>
          {v.switching ? (
            <>
              <TextField id="hamon-assureur" label="Votre assureur actuel" autoComplete="off" value={v.switchInsurer} onChange={(ev) => set({ switchInsurer: ev.target.value })} error={e['switch.insurer']} maxLength={80} />
              <TextField id="hamon-contrat" label="Numéro de votre contrat actuel" autoComplete="off" value={v.switchPolicy} onChange={(ev) => set({ switchPolicy: ev.target.value })} error={e['switch.policyNumber']} maxLength={40} />
            </>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}

/** Step 2: the policyholder, their address, and the vehicle's registration. */
function AddressStep({ v, set, e, product }: { v: SubscriptionValues; set: (p: Partial<SubscriptionValues>) => void; e: FieldErrors; product: string }) {
  return (
    <>
      <fieldset className="contract-fieldset">
        <legend>Le souscripteur</legend>
        <p className="field-hint">{typeset('Tel qu’il figure sur votre pièce d’identité : ce nom est imprimé sur votre contrat et votre attestation.')}</p>
        <div className="contract-row">
          <TextField id="prenom" label="Prénom" autoComplete="given-name" value={v.firstName} onChange={(ev) => set({ firstName: ev.target.value })} error={e['policyholder.firstName']} maxLength={60} />
          <TextField id="nom" label="Nom" autoComplete="family-name" value={v.lastName} onChange={(ev) => set({ lastName: ev.target.value })} error={e['policyholder.lastName']} maxLength={60} />
        </div>
        <div className="contract-row">
          <TextField id="naissance" label="Date de naissance" type="date" autoComplete="bday" value={v.birthDate} onChange={(ev) => set({ birthDate: ev.target.value })} error={e['policyholder.birthDate']} />
          <TextField id="telephone" label="Téléphone" type="tel" autoComplete="tel" inputMode="tel" value={v.phone} onChange={(ev) => set({ phone: ev.target.value })} error={e['policyholder.phone']} maxLength={20} />
        </div>
      </fieldset>
      <TextField id="adresse" label="Votre adresse" autoComplete="street-address" value={v.address} onChange={(ev) => set({ address: ev.target.value })} error={e.address} maxLength={120} />
      <div className="contract-row">
        <TextField id="code-postal" label="Code postal" autoComplete="postal-code" inputMode="numeric" value={v.postalCode} onChange={(ev) => set({ postalCode: ev.target.value })} error={e.postalCode} maxLength={5} />
        <TextField id="ville" label="Ville" autoComplete="address-level2" value={v.city} onChange={(ev) => set({ city: ev.target.value })} error={e.city} maxLength={60} />
      </div>
      <p className="field-hint contract-note">{typeset('Votre code postal est celui du risque assuré : s’il a changé depuis votre demande de prix, le prix est recalculé et vous est montré avant la signature.')}</p>
      {vehicleProducts.has(product) ? (
        <TextField
          id="immatriculation" label="Immatriculation du véhicule" autoComplete="off" autoCapitalize="characters" className="input-medium"
          hint="Telle qu’elle figure sur la carte grise, par exemple AB-123-CD." value={v.registration}
          onChange={(ev) => set({ registration: ev.target.value })} error={e.registration} maxLength={12}
        />
      ) : null}
    </>
  );
}

/** Step 3: monthly or yearly, when the price allows both. */
function RhythmStep({ v, set, e, yearlyCents, monthlyCents }: { v: SubscriptionValues; set: (p: Partial<SubscriptionValues>) => void; e: FieldErrors; yearlyCents: number; monthlyCents: number }) {
  if (monthlyCents === 0) {
    return <p>Ce contrat se paie en une fois&nbsp;: <strong>{formatEuros(yearlyCents)}</strong>, prélevés à la date de début.</p>;
  }
  return (
    <fieldset className="contract-fieldset" aria-describedby={e.rhythm ? 'rythme-erreur' : undefined}>
      <legend>Rythme de paiement</legend>
      <div className="field-radio">
        <input id="rythme-mensuel" type="radio" name="rhythm" checked={v.rhythm === 'monthly'} onChange={() => set({ rhythm: 'monthly' })} />
        <label htmlFor="rythme-mensuel">Chaque mois&nbsp;: {formatEuros(monthlyCents)}</label>
      </div>
      <div className="field-radio">
        <input id="rythme-annuel" type="radio" name="rhythm" checked={v.rhythm === 'yearly'} onChange={() => set({ rhythm: 'yearly' })} />
        <label htmlFor="rythme-annuel">Une fois par an&nbsp;: {formatEuros(yearlyCents)}</label>
      </div>
      <p className="field-hint">Par prélèvement SEPA sur le compte que vous indiquerez à la signature.</p>
      {e.rhythm ? <p id="rythme-erreur" className="field-error">{e.rhythm}</p> : null}
    </fieldset>
  );
}

/**
 * The three steps before the documents: each its own screen, checked
 * before the next, its heading focused so a screen reader starts there.
 */
export function SubscriptionFormView({ product, yearlyCents, monthlyCents, today, initial, busy, errors, onStep, onSubmit }: SubscriptionFormViewProps) {
  const [values, setValues] = useState(initial);
  const [step, setStep] = useState(1);
  const [local, setLocal] = useState<FieldErrors>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // A refusal of the server sends the client back to the first step concerned.
  useEffect(() => {
    const steps = Object.keys(errors).map(stepOf).filter((s) => s > 0);
    if (steps.length > 0) go(Math.min(...steps));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);

  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  function go(s: number) {
    moved.current = true;
    setStep(s);
    onStep?.(s);
  }

  const set = (p: Partial<SubscriptionValues>) => setValues((v) => ({ ...v, ...p }));
  const shown: FieldErrors = { ...errors, ...local };

  function next(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const problems = checkStep(step, values, product, today);
    setLocal(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      const ids: Record<string, string> = { 'policyholder.firstName': 'prenom', 'policyholder.lastName': 'nom', 'policyholder.birthDate': 'naissance', 'policyholder.phone': 'telephone', startDate: 'debut', 'switch.insurer': 'hamon-assureur', 'switch.policyNumber': 'hamon-contrat', address: 'adresse', postalCode: 'code-postal', city: 'ville', registration: 'immatriculation' };
      document.getElementById(ids[first] ?? '')?.focus();
      return;
    }
    if (step < 3) go(step + 1);
    else onSubmit(values);
  }

  return (
    <form className="contract-form" onSubmit={next} noValidate>
      <h2 ref={heading} tabIndex={-1}>
        Étape {step}&nbsp;sur {subscriptionSteps.length}&nbsp;: {subscriptionSteps[step - 1]}
      </h2>
      {step === 1 ? <StartStep v={values} set={set} e={shown} product={product} today={today} /> : null}
      {step === 2 ? <AddressStep v={values} set={set} e={shown} product={product} /> : null}
      {step === 3 ? <RhythmStep v={values} set={set} e={shown} yearlyCents={yearlyCents} monthlyCents={monthlyCents} /> : null}
      <div className="contract-actions">
        <button className="btn btn-primary" type="submit" disabled={busy}>
          {step < 3 ? 'Continuer' : busy ? 'Préparation de vos documents…' : 'Voir mes documents et signer'}
        </button>
        {step > 1 ? <button className="btn btn-secondary" type="button" onClick={() => go(step - 1)}>Retour</button> : null}
      </div>
    </form>
  );
}
