import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '../../components/field';
import { NeedsJs } from '../../components/needs-js';
import { TextField } from '../../components/text-field';
import { useSession } from '../../lib/session';
import { sendMessage, type Receipt } from './api';
import { copy, serverErrors, subjects, validateMessage, type FormErrors } from './form';
import { Consent, ReceiptPanel, useFocusFirstError } from './parts';
import './contact-forms.css';

const fields = ['name', 'email', 'phone', 'subject', 'message', 'consent'];

const empty = { name: '', email: '', phone: '', subject: '', message: '', consent: false };

/** The contact message form of /contact; a signed-in client's name and e-mail come from the account. */
export function MessageForm({ labelledBy }: { labelledBy: string }) {
  const user = useSession()?.user ?? null;
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  useFocusFirstError(formRef, errors);

  if (user && user.role !== 'client') return <p className="contact-staff-note">{copy.staff}</p>;
  const client = user !== null;
  const accountName = user?.displayName ?? '';
  const set = (change: Partial<typeof values>) => setValues((v) => ({ ...v, ...change }));

  if (receipt) {
    return (
      <ReceiptPanel text={copy.message.done(receipt.ref)} reference={receipt.ref} client={client} again={copy.message.again}
        onAgain={() => { setReceipt(null); set({ subject: '', message: '', consent: false }); }} />
    );
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = validateMessage(values, client);
    if (client && !accountName) delete found.name;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      setReceipt(await sendMessage({ ...values, name: client ? '' : values.name, email: client ? '' : values.email }));
      setErrors({});
    } catch (err) {
      setErrors(serverErrors(err, fields));
    } finally {
      setBusy(false);
    }
  }

  const m = copy.message;
  return (
    <>
      <NeedsJs />
      <form ref={formRef} className="contact-form needs-js" onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
        {errors.form ? <p className="form-error" role="alert" tabIndex={-1}>{errors.form}</p> : null}
        {client ? <p className="field-hint contact-prefilled">{copy.prefilled}</p> : null}
        <div className="contact-row">
          <TextField id={`${id}-name`} label={m.name} name="name" autoComplete="name" error={errors.name}
            value={client && accountName ? accountName : values.name} readOnly={client && Boolean(accountName)}
            onChange={(e) => set({ name: e.target.value })} />
          <TextField id={`${id}-email`} label={m.email} name="email" type="email" autoComplete="email" inputMode="email"
            error={errors.email}
            value={client ? user.email : values.email} readOnly={client} onChange={(e) => set({ email: e.target.value })} />
        </div>
        <TextField id={`${id}-phone`} label={m.phone} name="phone" type="tel" autoComplete="tel" inputMode="tel" className="input-medium"
          error={errors.phone} value={values.phone} onChange={(e) => set({ phone: e.target.value })} />
        <Field id={`${id}-subject`} label={m.subject} error={errors.subject}>
          {(ids) => (
            <select {...ids} name="subject" value={values.subject} onChange={(e) => set({ subject: e.target.value })}>
              <option value="">{m.subjectPlaceholder}</option>
              {subjects.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
            </select>
          )}
        </Field>
        <p className="field-hint contact-complaint">
          {m.complaint} <Link to="/reclamations" viewTransition>{m.complaintLink}</Link>.
        </p>
        <Field id={`${id}-message`} label={m.message} hint={m.messageHint} error={errors.message}>
          {(ids) => <textarea {...ids} name="message" rows={6} value={values.message} onChange={(e) => set({ message: e.target.value })} />}
        </Field>
        <Consent id={`${id}-consent`} what="vous répondre" checked={values.consent} error={errors.consent} onChange={(consent) => set({ consent })} />
        <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? m.sending : m.submit}</button>
      </form>
    </>
  );
}
