import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { typeset } from '../../lib/format';
import { SignatureCode, useCodeRequest } from '../contracts/signature-code';
import { codeProblem } from '../contracts/signature-checks';
import type { FieldErrors } from '../contracts/subscription-form';
import { sendAmendmentCode, signAmendment, type Amendment, type AmendedContract } from './api';

/** What the client accepts by signing an amendment (sent as accept). */
export const acceptKind = 'amendment';

/** The box of the amendment, the contract's number kept on one line. */
export function AcceptLabel({ n }: { n: string }) {
  return <>J’ai vérifié ce changement, son prix et sa date, et j’accepte l’avenant à mon contrat n°&nbsp;<span className="nowrap">{n}</span></>;
}

function refusal(err: unknown): { fields: FieldErrors; message?: string } {
  if (!(err instanceof ApiError)) return { fields: {}, message: 'La signature n’a pas abouti. Réessayez.' };
  const fields: FieldErrors = {};
  const loose: string[] = [];
  for (const f of err.errors.length > 0 ? err.errors : err.field ? [{ field: err.field, message: err.message }] : []) {
    if (f.field === 'code' || f.field === 'accept') fields[f.field] ??= f.message;
    else loose.push(f.message);
  }
  return { fields, message: loose.length > 0 ? loose.join(' ') : Object.keys(fields).length > 0 ? undefined : err.message };
}

/**
 * The amendment signed like the contract: its box ticked, a code sent by
 * e-mail, « Signer »; the answer is the contract changed.
 */
export function AmendmentSignature({ contract, amendment, onSigned, onCodeSent }: {
  contract: AmendedContract; amendment: Amendment; onSigned: (c: AmendedContract) => void; onCodeSent?: () => void;
}) {
  const codes = useCodeRequest();
  const [accepted, setAccepted] = useState(false);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState<'code' | 'sign'>();

  function boxProblem(): FieldErrors {
    return accepted ? {} : { accept: 'Cochez cette case après avoir vérifié le changement.' };
  }

  async function askCode() {
    const problems = boxProblem();
    setErrors(problems);
    setFailure(undefined);
    if (problems.accept) {
      document.getElementById('accord-avenant')?.focus();
      return;
    }
    setBusy('code');
    try {
      if (await codes.request(() => sendAmendmentCode(contract.id, amendment.id))) onCodeSent?.();
    } catch (err) {
      const r = refusal(err);
      setErrors(r.fields);
      setFailure(r.message ?? 'Le code n’a pas pu être envoyé. Réessayez.');
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
    const problems = boxProblem();
    const bad = codeProblem(code);
    if (bad) problems.code = bad;
    setErrors(problems);
    setFailure(undefined);
    if (Object.keys(problems).length > 0) {
      document.getElementById(problems.accept ? 'accord-avenant' : 'code-signature')?.focus();
      return;
    }
    setBusy('sign');
    try {
      onSigned(await signAmendment(contract.id, amendment.id, { code: code.trim(), accept: [acceptKind] }));
    } catch (err) {
      const r = refusal(err);
      setErrors(r.fields);
      setFailure(r.message);
      if (r.fields.code) document.getElementById('code-signature')?.focus();
      setBusy(undefined);
    }
  }

  return (
    <form className="contract-form contract-sign amendment-sign" onSubmit={(e) => void sign(e)} noValidate>
      {failure ? <p className="form-error" role="alert">{failure}</p> : null}
      <div className="field-check">
        <input id="accord-avenant" type="checkbox" checked={accepted} onChange={() => setAccepted((x) => !x)}
          aria-invalid={errors.accept ? true : undefined} aria-describedby={errors.accept ? 'accord-avenant-erreur' : undefined} />
        <label htmlFor="accord-avenant"><AcceptLabel n={contract.number} /></label>
      </div>
      {errors.accept ? <p id="accord-avenant-erreur" className="field-error">{errors.accept}</p> : null}
      <SignatureCode
        intro={typeset('Un code à 6 chiffres vous est envoyé par e-mail ; il vaut 10 minutes. En le saisissant, vous signez électroniquement l’avenant : l’avenant, les nouvelles conditions particulières et votre nouvelle attestation vous sont envoyés aussitôt.')}
        codes={codes} code={code} onCode={setCode} error={errors.code} busy={busy} onAsk={() => void askCode()}
      />
    </form>
  );
}
