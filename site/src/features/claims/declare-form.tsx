import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../components/text-field';
import { Field } from '../../components/field';
import { PriceSteps } from '../prices/price-steps';
import { ApiError } from '../../lib/api';
import { typeset } from '../../lib/format';
import { declareClaim, uploadClaimFile, type Claim } from './api';
import {
  askedQuestions, buildDraft, checkStep, claimForm, delayRule, elsewhere, emergencyOf, inputId, kindsOf, productOf, stepOf,
  type ContractChoice, type DeclareValues, type FieldErrors,
} from './claim-form';
import { QuestionField, Radios } from './choice-fields';
import { EmergencyBanner } from './emergency-banner';
import { FilePicker } from './file-picker';
import { sendAll, type PickedFile } from './uploads';
import { vehicleProducts } from '../contracts/details';

/** The names of the three steps. */
export const declareSteps = ['Quel contrat\u00a0?', 'Que s’est-il passé\u00a0?', 'Photos et documents'];

type Set = (p: Partial<DeclareValues>) => void;

/** Step 1: one of the client's contracts, or one held elsewhere (insurer, number, product). */
function ContractStep({ v, set, e, contracts }: { v: DeclareValues; set: Set; e: FieldErrors; contracts: ContractChoice[] }) {
  const options = [
    ...contracts.map((c) => ({
      id: c.id,
      label: <><strong>{c.productLabel}</strong>, contrat n°&nbsp;<span className="nowrap">{c.number}</span> <span className="muted">chez {c.insurer}</span></>,
    })),
    { id: elsewhere, label: <strong>Un contrat souscrit ailleurs</strong> },
  ];
  return (
    <>
      <Radios
        id={inputId('contractId')} legend="Le contrat concerné" options={options} value={v.contract} error={e.contractId}
        onChange={(contract) => set({ contract, kind: '', answers: {} })}
        hint={contracts.length === 0 ? typeset('Vous n’avez pas de contrat signé chez nous : nous vous aidons aussi pour un contrat souscrit ailleurs.') : undefined}
      />
      {v.contract === elsewhere ? (
        <div className="claim-elsewhere">
          <p className="field-hint">{typeset('Nous n’avons pas de mandat chez cet assureur : vous lui déclarerez vous-même ce sinistre, et nous vous disons comment, dans quel délai et avec quelles pièces.')}</p>
          <TextField id={inputId('insurer')} label="Votre assureur" autoComplete="off" value={v.insurer} onChange={(ev) => set({ insurer: ev.target.value })} error={e.insurer} maxLength={claimForm.bounds.insurer.max} />
          <TextField id={inputId('policyNumber')} label="Numéro de votre contrat" hint="Il figure sur vos conditions particulières ou votre avis d’échéance." autoComplete="off" value={v.policyNumber} onChange={(ev) => set({ policyNumber: ev.target.value })} error={e.policyNumber} maxLength={claimForm.bounds.policyNumber.max} />
          <Field id={inputId('product')} label="Ce qu’il assure" error={e.product}>
            {(ids) => (
              <select {...ids} value={v.product} onChange={(ev) => set({ product: ev.target.value, kind: '', answers: {} })}>
                <option value="">Choisissez…</option>
                {claimForm.products.map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
              </select>
            )}
          </Field>
        </div>
      ) : null}
    </>
  );
}

/** Step 2: the nature of the loss and its legal delay, its date, the product's questions and the account. */
function LossStep({ v, set, e, product, today }: { v: DeclareValues; set: Set; e: FieldErrors; product: string; today: string }) {
  const kinds = kindsOf(product);
  const rule = delayRule(v.kind);
  const { min, max } = claimForm.bounds.description;
  return (
    <>
      <Radios
        id={inputId('kind')} legend="Ce qui s’est passé" value={v.kind} error={e.kind}
        options={kinds.map((k) => ({ id: k.id, label: k.label }))} onChange={(kind) => set({ kind })}
      />
      {rule ? (
        <p className="notice claim-delay" aria-live="polite">
          <strong>Délai légal de déclaration&nbsp;:</strong> {rule} {typeset('Le dernier jour exact figure sur votre dossier, une fois la déclaration envoyée.')}
        </p>
      ) : null}
      <TextField
        id={inputId('occurredAt')} label="Date du sinistre" type="date" className="input-medium" max={today}
        hint="Le jour où il est survenu, ou celui où vous l’avez découvert." value={v.occurredAt}
        onChange={(ev) => set({ occurredAt: ev.target.value })} error={e.occurredAt}
      />
      {askedQuestions(product, v.kind, v.answers).map((q) => (
        <QuestionField
          key={q.id} q={q} value={v.answers[q.id] ?? ''} error={e[`answers.${q.id}`]} max={today}
          onChange={(a) => set({ answers: { ...v.answers, [q.id]: a } })}
        />
      ))}
      <Field id={inputId('description')} label="Racontez ce qui s’est passé" hint={`Les circonstances, les dégâts constatés, ce que vous avez déjà fait. Au moins ${min} caractères.`} error={e.description}>
        {(ids) => <textarea {...ids} rows={6} maxLength={max} value={v.description} onChange={(ev) => set({ description: ev.target.value })} />}
      </Field>
    </>
  );
}

/** What is worth attaching for this loss. */
function suggestions(v: DeclareValues): string[] {
  const out = ['des photos des dégâts'];
  if (v.answers.constat === 'signed') out.unshift('la photo du constat amiable, recto et verso');
  if (v.answers.policeReport === 'yes') out.push('le récépissé de votre plainte');
  if (v.kind === 'theft' || v.kind === 'breakage' || v.kind === 'water' || v.kind === 'fire') out.push('les factures des biens touchés');
  out.push('tout autre document utile (devis de réparation, rapport de police…)');
  return out;
}

/** Where the declaration stands once sent: the claim made, and files refused on the way. */
type Sent = { claim: Claim; refused: number };

interface DeclareFormProps {
  contracts: ContractChoice[];
  initial: DeclareValues;
  today: string;
  /** Once the claim is made and every file went, its page. */
  onDone: (claim: Claim) => void;
}

/**
 * The declaration in three steps, each checked before the next, its
 * heading focused; the emergency numbers above as soon as they apply.
 * The claim is made first, then its files go one by one.
 */
export function DeclareForm({ contracts, initial, today, onDone }: DeclareFormProps) {
  const [values, setValues] = useState(initial);
  const [step, setStep] = useState(1);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState<Sent>();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const product = productOf(values, contracts);
  const emergency = emergencyOf(values, product);
  const chosen = contracts.find((c) => c.id === values.contract);

  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step, sent]);

  const set: Set = (p) => setValues((v) => ({ ...v, ...p }));

  function go(s: number) {
    moved.current = true;
    setStep(s);
  }

  function focusFirst(e: FieldErrors) {
    const first = Object.keys(e)[0];
    if (first) window.setTimeout(() => document.getElementById(inputId(first))?.focus());
  }

  async function submit() {
    setBusy(true);
    setFailure(undefined);
    let claim: Claim;
    try {
      claim = await declareClaim(buildDraft(values, contracts));
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && (err.errors.length > 0 || err.field)) {
        const e: FieldErrors = err.errors.length > 0 ? Object.fromEntries(err.errors.map((f) => [f.field, f.message])) : { [err.field ?? '']: err.message };
        setErrors(e);
        go(Math.min(...Object.keys(e).map(stepOf)));
        focusFirst(e);
      } else {
        setFailure(err instanceof ApiError ? err.message : 'Votre déclaration n’a pas pu être envoyée. Réessayez.');
      }
      return;
    }
    let refused = 0;
    await sendAll(files, (f) => uploadClaimFile(claim.id, f), (key, change) => {
      if (change.state === 'refused') refused++;
      setFiles((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));
    });
    setBusy(false);
    if (refused === 0) onDone(claim);
    else {
      moved.current = true;
      setSent({ claim, refused });
    }
  }

  function next(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const problems = step < 3 ? checkStep(step, values, contracts, today) : {};
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirst(problems);
      return;
    }
    if (step < 3) go(step + 1);
    else void submit();
  }

  if (sent) {
    return (
      <div className="card claim-sent">
        <h2 ref={heading} tabIndex={-1}>Votre déclaration est enregistrée sous la référence {sent.claim.ref}</h2>
        <p>{typeset(sent.refused > 1 ? `${sent.refused} fichiers ont été refusés : leurs motifs sont indiqués ci-dessous. Vous pourrez en envoyer d’autres depuis votre dossier.` : 'Un fichier a été refusé : son motif est indiqué ci-dessous. Vous pourrez en envoyer un autre depuis votre dossier.')}</p>
        <FilePicker id="sinistre-fichiers" label="Vos fichiers" files={files} onChange={setFiles} busy listOnly />
        <p className="contract-card-links"><Link className="btn btn-primary" to={`/mes-sinistres/${encodeURIComponent(sent.claim.id)}`}>Voir mon dossier</Link></p>
      </div>
    );
  }

  return (
    <>
      <PriceSteps names={declareSteps} current={step} />
      {emergency ? <EmergencyBanner emergency={emergency} assistance={chosen?.assistance} vehicle={vehicleProducts.has(product) || product === 'fleet'} /> : null}
      <form className="contract-form claim-form" onSubmit={next} noValidate>
        <h2 ref={heading} tabIndex={-1}>Étape {step}&nbsp;sur {declareSteps.length}&nbsp;: {declareSteps[step - 1]}</h2>
        {failure ? <p className="form-error" role="alert">{failure}</p> : null}
        {step === 1 ? <ContractStep v={values} set={set} e={errors} contracts={contracts} /> : null}
        {step === 2 ? <LossStep v={values} set={set} e={errors} product={product} today={today} /> : null}
        {step === 3 ? (
          <>
            <p>Joignez ce qui aide à instruire votre dossier&nbsp;:</p>
            <ul className="claim-suggestions">{suggestions(values).map((s) => <li key={s}>{typeset(s)}</li>)}</ul>
            <p className="muted">{typeset('Facultatif : vous pourrez aussi les envoyer plus tard depuis votre dossier.')}</p>
            <FilePicker id="sinistre-fichiers" label="Photos et documents" files={files} onChange={setFiles} busy={busy} />
          </>
        ) : null}
        <div className="contract-actions">
          <button className="btn btn-primary" type="submit" disabled={busy}>
            {step < 3 ? 'Continuer' : busy ? 'Envoi de votre déclaration…' : 'Envoyer ma déclaration'}
          </button>
          {step > 1 ? <button className="btn btn-secondary" type="button" disabled={busy} onClick={() => go(step - 1)}>Retour</button> : null}
        </div>
      </form>
    </>
  );
}
