import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/text-field';
import { ApiError } from '../../lib/api';
import { company } from '../../lib/company';
import { typeset } from '../../lib/format';
import { sendSignatureCode, signContract, type Contract } from './api';
import { preNotification, ScheduleTable } from './contract-parts';
import { formatIban, ibanProblem, bicProblem } from './iban';
import { checkMandate, checkSignature, inputIdOf, sepaLabel, tickLabel, type SignatureValues } from './signature-checks';
import { SignatureCode, useCodeRequest } from './signature-code';
import type { FieldErrors } from './subscription-form';

function focusFirst(errors: FieldErrors) {
  const first = Object.keys(errors)[0];
  if (first) document.getElementById(inputIdOf(first))?.focus();
}

/** The server's refusal as field errors; « accept » goes with the documents. */
function serverErrors(err: unknown): { fields: FieldErrors; message?: string } {
  if (!(err instanceof ApiError)) return { fields: {}, message: 'La signature n’a pas abouti. Réessayez.' };
  const list = err.errors.length > 0 ? err.errors : err.field ? [{ field: err.field, message: err.message }] : [];
  if (list.length === 0) return { fields: {}, message: err.message };
  const fields: FieldErrors = {};
  for (const f of list) fields[f.field === 'accept' ? 'documents' : f.field] ??= f.message;
  const known = ['documents', 'holder', 'iban', 'bic', 'code'];
  const other = list.find((f) => !known.includes(f.field === 'accept' ? 'documents' : f.field));
  return { fields, message: other?.message };
}

/** The documents to read, each opened in a new tab, each with its box. */
function DocumentsToRead({ contract, values, toggle, errors }: { contract: Contract; values: SignatureValues; toggle: (kind: string) => void; errors: FieldErrors }) {
  const drafts = contract.documents.filter((d) => !d.signed);
  return (
    <fieldset className="contract-fieldset contract-read">
      <legend><h2>Vos documents à lire</h2></legend>
      <p>{typeset('Ouvrez chaque document (PDF, dans un nouvel onglet), lisez-le, puis cochez sa case.')}</p>
      {errors.documents ? <p className="field-error" role="alert">{errors.documents}</p> : null}
      <ul className="contract-read-list">
        {drafts.map((d) => {
          const err = errors[`accept-${d.kind}`];
          const id = `lu-${d.kind}`;
          return (
            <li key={d.id}>
              <a href={d.url} target="_blank" rel="noopener" className="contract-read-link">
                {d.title}<span className="visually-hidden"> (PDF, nouvel onglet)</span>
              </a>
              <div className="field-check">
                <input id={id} type="checkbox" checked={values.ticked.includes(d.kind)} onChange={() => toggle(d.kind)}
                  aria-invalid={err ? true : undefined} aria-describedby={err ? `${id}-erreur` : undefined} />
                <label htmlFor={id}>{tickLabel(d)}</label>
              </div>
              {err ? <p id={`${id}-erreur`} className="field-error">{err}</p> : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The SEPA mandate: the creditor, the account, the schedule and the authorisation. */
function Mandate({ contract, values, set, toggle, errors, setErrors }: {
  contract: Contract; values: SignatureValues; set: (p: Partial<SignatureValues>) => void; toggle: (kind: string) => void;
  errors: FieldErrors; setErrors: (f: (e: FieldErrors) => FieldErrors) => void;
}) {
  const blurCheck = (field: 'iban' | 'bic', problem: string | undefined) => setErrors((e) => ({ ...e, [field]: problem }));
  return (
    <fieldset className="contract-fieldset">
      <legend><h2>Mandat de prélèvement SEPA</h2></legend>
      <p className="muted">
        Créancier&nbsp;: {company.fullName}, identifiant créancier SEPA {company.sepa.creditorId}. La référence unique du mandat vous est donnée à la signature.
      </p>
      <TextField id="titulaire" label="Titulaire du compte" autoComplete="name" value={values.holder} onChange={(e) => set({ holder: e.target.value })} error={errors.holder} maxLength={70} />
      <TextField
        id="iban" label="IBAN" autoComplete="off" spellCheck={false} autoCapitalize="characters" hint="Par exemple FR76 3000 6000 0112 3456 7890 189."
        value={values.iban} onChange={(e) => set({ iban: e.target.value })} error={errors.iban}
        onBlur={() => {
          const problem = values.iban.trim() ? ibanProblem(values.iban) : undefined;
          blurCheck('iban', problem);
          if (!problem && values.iban.trim()) set({ iban: formatIban(values.iban) });
        }}
      />
      <TextField
        id="bic" label="BIC (facultatif)" autoComplete="off" spellCheck={false} autoCapitalize="characters" className="input-medium"
        value={values.bic} onChange={(e) => set({ bic: e.target.value })} error={errors.bic} onBlur={() => blurCheck('bic', bicProblem(values.bic))}
      />
      <ScheduleTable schedule={contract.schedule} caption="Vos prélèvements de la première année" />
      <p className="contract-prenotice">{preNotification}</p>
      <div className="field-check">
        <input id="accord-sepa" type="checkbox" checked={values.ticked.includes('sepa')} onChange={() => toggle('sepa')}
          aria-invalid={errors.sepa ? true : undefined} aria-describedby={errors.sepa ? 'accord-sepa-erreur' : undefined} />
        <label htmlFor="accord-sepa">{sepaLabel}</label>
      </div>
      {errors.sepa ? <p id="accord-sepa-erreur" className="field-error">{errors.sepa}</p> : null}
      <p className="field-hint">
        {typeset('Vous pouvez demander le remboursement d’un prélèvement autorisé dans les 8 semaines qui suivent, auprès de votre banque.')}
      </p>
    </fieldset>
  );
}

/**
 * The signature: the documents read and accepted, the SEPA mandate with
 * its schedule, the code received by e-mail (resent after a minute), then
 * « Signer ».
 */
export function SignatureForm({ contract, defaultHolder, onSigned }: { contract: Contract; defaultHolder: string; onSigned: (c: Contract) => void }) {
  const drafts = contract.documents.filter((d) => !d.signed);
  const [values, setValues] = useState<SignatureValues>({ ticked: [], holder: defaultHolder, iban: '', bic: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  // A code sent before a reload still holds: its field is offered again.
  const codes = useCodeRequest(contract.codeSent);
  const [busy, setBusy] = useState<'code' | 'sign'>();
  const set = (p: Partial<SignatureValues>) => setValues((v) => ({ ...v, ...p }));
  const toggle = (kind: string) => setValues((v) => ({ ...v, ticked: v.ticked.includes(kind) ? v.ticked.filter((k) => k !== kind) : [...v.ticked, kind] }));

  async function askCode() {
    const problems = checkMandate(values, drafts);
    setErrors(problems);
    setFailure(undefined);
    if (Object.keys(problems).length > 0) {
      focusFirst(problems);
      return;
    }
    setBusy('code');
    try {
      await codes.request(() => sendSignatureCode(contract.id));
    } catch (err) {
      const { fields, message } = serverErrors(err);
      setErrors(fields);
      setFailure(message ?? (Object.keys(fields).length ? undefined : 'Le code n’a pas pu être envoyé. Réessayez.'));
    } finally {
      setBusy(undefined);
    }
  }

  async function sign(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!codes.sent) {
      await askCode();
      return;
    }
    const problems = checkSignature(values, drafts);
    setErrors(problems);
    setFailure(undefined);
    if (Object.keys(problems).length > 0) {
      focusFirst(problems);
      return;
    }
    setBusy('sign');
    try {
      const signed = await signContract(contract.id, {
        code: values.code.trim(), holder: values.holder.trim(), iban: values.iban, bic: values.bic.trim() || undefined, accept: values.ticked,
      });
      onSigned(signed);
    } catch (err) {
      const { fields, message } = serverErrors(err);
      setErrors(fields);
      setFailure(message);
      focusFirst(fields);
      setBusy(undefined);
    }
  }

  return (
    <form className="contract-form contract-sign" onSubmit={(e) => void sign(e)} noValidate>
      {failure ? <p className="form-error" role="alert">{failure}</p> : null}
      <DocumentsToRead contract={contract} values={values} toggle={toggle} errors={errors} />
      <Mandate contract={contract} values={values} set={set} toggle={toggle} errors={errors} setErrors={setErrors} />
      <SignatureCode
        intro={typeset('Un code à 6 chiffres vous est envoyé par e-mail ; il vaut 10 minutes. En le saisissant, vous signez électroniquement les documents cochés et le mandat.')}
        codes={codes} code={values.code} onCode={(code) => set({ code })} error={errors.code} busy={busy} onAsk={() => void askCode()}
      />
    </form>
  );
}
