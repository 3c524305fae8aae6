import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '../../components/field';
import { TextField } from '../../components/text-field';
import { complaintsPage } from '../../content/complaints';
import { ApiError } from '../../lib/api';
import { typeset } from '../../lib/format';
import type { SessionUser } from '../../lib/session';
import {
  complaintBounds as bounds, complaintFields, validateComplaint, type ComplaintErrors, type ComplaintField, type ComplaintValues,
} from './complaint-form';
import { fileComplaint, type FiledComplaint } from './complaints-api';

const copy = complaintsPage.form;
const empty: ComplaintValues = { subject: '', concerns: '', facts: '', demand: '', name: '', email: '', phone: '', consent: false };

/** The server's refusal next to the field it names, or above the form. */
function serverErrors(err: unknown): ComplaintErrors {
  if (!(err instanceof ApiError)) return { form: copy.failed };
  const field = err.field as ComplaintField | undefined;
  return field && complaintFields.includes(field) ? { [field]: err.message } : { form: err.message };
}

interface ComplaintFormProps {
  /** The signed-in user, whose name and e-mail are used; null for a visitor. */
  user: SessionUser | null;
  onFiled: (complaint: FiledComplaint) => void;
}

/** The consent box, its text saying what is kept and how long, and its error. */
function Consent({ checked, error, onChange }: { checked: boolean; error?: string; onChange: (v: boolean) => void }) {
  return (
    <div className="complaints-consent">
      <div className="field-check">
        <input
          id="reclamation-consent" name="consent" type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined} aria-describedby={error ? 'reclamation-consent-erreur' : undefined}
        />
        <label htmlFor="reclamation-consent">{copy.consent}</label>
      </div>
      {error ? <p id="reclamation-consent-erreur" className="field-error">{typeset(error)}</p> : null}
    </div>
  );
}

/** The complaint form: checked here with the server's rules, then POST /api/complaints. */
export function ComplaintForm({ user, onFiled }: ComplaintFormProps) {
  const [values, setValues] = useState<ComplaintValues>(empty);
  const [errors, setErrors] = useState<ComplaintErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (change: Partial<ComplaintValues>) => setValues((v) => ({ ...v, ...change }));

  useEffect(() => {
    if (Object.keys(errors).length) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus();
  }, [errors]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = validateComplaint(values, Boolean(user));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      onFiled(await fileComplaint(values, Boolean(user)));
    } catch (err) {
      setErrors(serverErrors(err));
    } finally {
      setBusy(false);
    }
  }

  const text = (name: 'subject' | 'concerns' | 'name' | 'email' | 'phone') => ({
    name, value: values[name], error: errors[name], onChange: (ev: { target: { value: string } }) => set({ [name]: ev.target.value }),
  });
  const area = (name: 'facts' | 'demand', label: string, hint: string, rows: number) => (
    <Field id={`reclamation-${name}`} label={label} hint={hint} error={errors[name]}>
      {(ids) => <textarea {...ids} name={name} rows={rows} maxLength={bounds[name].max} value={values[name]} onChange={(ev) => set({ [name]: ev.target.value })} />}
    </Field>
  );

  return (
    <form ref={formRef} className="card complaints-form needs-js" onSubmit={onSubmit} noValidate aria-labelledby="formulaire-titre">
      <p className="muted">{copy.intro}</p>
      {errors.form ? <p className="form-error" role="alert" tabIndex={-1}>{errors.form}</p> : null}
      <TextField id="reclamation-subject" label={copy.subject} hint={copy.subjectHint} maxLength={bounds.subject.max} {...text('subject')} />
      <TextField id="reclamation-concerns" label={copy.concerns} hint={copy.concernsHint} maxLength={bounds.concerns.max} className="input-medium" {...text('concerns')} />
      {area('facts', copy.facts, copy.factsHint, 8)}
      {area('demand', copy.demand, copy.demandHint, 4)}
      <fieldset className="complaints-identity">
        <legend>{copy.identity}</legend>
        {user ? (
          <p className="complaints-signed-in">{typeset(copy.signedInAs.before)}{user.displayName || user.email} ({user.email}){typeset(copy.signedInAs.after)}</p>
        ) : (
          <>
            <TextField id="reclamation-name" label={copy.name} autoComplete="name" maxLength={bounds.name.max} {...text('name')} />
            <TextField id="reclamation-email" label={copy.email} hint={copy.emailHint} type="email" inputMode="email" autoComplete="email" {...text('email')} />
          </>
        )}
        <TextField id="reclamation-phone" label={copy.phone} type="tel" inputMode="tel" autoComplete="tel" className="input-medium" {...text('phone')} />
      </fieldset>
      <Consent checked={values.consent} error={errors.consent} onChange={(consent) => set({ consent })} />
      <p className="complaints-privacy">
        {copy.privacy.before}<Link to="/privacy" viewTransition>{copy.privacy.link}</Link>{copy.privacy.after}
      </p>
      <button id="reclamation-envoyer" className="btn btn-primary complaints-submit" type="submit" disabled={busy}>{busy ? copy.sending : copy.submit}</button>
    </form>
  );
}
