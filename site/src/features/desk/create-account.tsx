import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { createUser, roleLabels, type NewAccount } from '../admin/users';
import { TextField } from '../../components/text-field';
import { Field } from '../../components/field';
import { shownName } from '../../lib/names';

type Errors = Partial<Record<keyof NewAccount, string>>;

const fields: (keyof NewAccount)[] = ['email', 'displayName', 'role'];

/**
 * « Créer un compte » on the users' page: an e-mail, a name and a role,
 * under the rules of `courtier users create` (the server applies them and
 * names the field it refuses). Nobody types a password: the new account's
 * owner receives an e-mail to choose theirs.
 */
export function CreateAccount({ onCreated }: { onCreated: () => void }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<NewAccount>({ email: '', displayName: '', role: 'agent' });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const root = useRef<HTMLFormElement>(null);

  const set = (k: keyof NewAccount) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  function focusField(field: keyof NewAccount) {
    root.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    setDone('');
    if (!form.email.trim()) {
      setErrors({ email: 'Saisissez l’adresse e-mail du compte.' });
      focusField('email');
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await createUser({ ...form, email: form.email.trim(), displayName: form.displayName.trim() });
      setDone(`Le compte ${shownName(user.displayName, user.email) === user.email ? user.email : `${shownName(user.displayName, user.email)} (${user.email})`} est créé avec le rôle «\u00a0${roleLabels[user.role]}\u00a0». Un e-mail lui est envoyé pour choisir son mot de passe\u00a0; le lien est valable 3\u00a0jours.`);
      setForm({ email: '', displayName: '', role: form.role });
      onCreated();
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      const field = fields.find((f) => f === e?.field);
      if (field) {
        setErrors({ [field]: e?.message });
        focusField(field);
      } else {
        setError(e?.message ?? 'Erreur inattendue.');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="create-account" aria-labelledby={`${formId}-titre`}>
      <h2 id={`${formId}-titre`} className="visually-hidden">Créer un compte</h2>
      <button type="button" className="btn btn-primary" aria-expanded={open} aria-controls={formId} onClick={() => setOpen((o) => !o)}>
        Créer un compte
      </button>
      <p className="notice-line" role="status">{done}</p>
      {open ? (
        <form id={formId} ref={root} className="card create-account-form" noValidate onSubmit={(e) => void submit(e)}>
          <p className="muted">Le titulaire du compte reçoit un e-mail pour choisir son mot de passe. Un conseiller ou un administrateur active ensuite son second facteur à sa première connexion.</p>
          <div className="create-account-grid">
            <TextField label="Adresse e-mail" name="email" type="email" autoComplete="off" spellCheck={false} maxLength={254}
              value={form.email} onChange={set('email')} error={errors.email} />
            <TextField label="Nom affiché (facultatif)" name="displayName" autoComplete="off" maxLength={100}
              value={form.displayName} onChange={set('displayName')} error={errors.displayName} />
            <Field label="Rôle" error={errors.role}>
              {(ids) => (
                <select {...ids} name="role" value={form.role} onChange={set('role')}>
                  {Object.entries(roleLabels).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
                </select>
              )}
            </Field>
          </div>
          {error ? <p className="form-error" role="alert">{error}</p> : null}
          <div className="form-actions">
            <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? 'Création…' : 'Créer le compte'}</button>
            <button className="btn btn-secondary" type="button" onClick={() => { setOpen(false); setErrors({}); setError(''); }}>Fermer</button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
