import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '../../components/field';
import { ApiError } from '../../lib/api';
import { typeset } from '../../lib/format';
import { createCanned, updateCanned } from './api';
import { maxText, maxTitle, validateCanned, type CannedErrors } from './canned-form';
import type { Canned } from './types';

const count = (s: string, max: number) => typeset(`${Array.from(s.trim()).length.toLocaleString('fr-FR')} / ${max.toLocaleString('fr-FR')} caractères`);

/**
 * The form of a canned answer: a new one, or `editing` changed. Errors
 * are shown next to their field, the server's too; nothing typed is lost.
 */
export function CannedForm({ editing, onSaved, onCancel }: { editing: Canned | null; onSaved: (notice: string) => void; onCancel: () => void }) {
  const id = useId();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [text, setText] = useState(editing?.text ?? '');
  const [errors, setErrors] = useState<CannedErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => { if (editing) titleRef.current?.focus(); }, [editing]);
  const submit = async () => {
    const draft = { title: title.trim(), text: text.trim() };
    const found = validateCanned(draft);
    setErrors(found);
    setFormError('');
    if (found.title) { titleRef.current?.focus(); return; }
    if (found.text) { textRef.current?.focus(); return; }
    setBusy(true);
    try {
      if (editing) await updateCanned(editing.id, draft);
      else await createCanned(draft);
      onSaved(editing ? `La réponse type «\u00a0${draft.title}\u00a0» est enregistrée.` : `La réponse type «\u00a0${draft.title}\u00a0» est ajoutée.`);
      if (!editing) { setTitle(''); setText(''); }
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (e?.field === 'title' || e?.field === 'text') setErrors({ [e.field]: e.message });
      else setFormError(e?.message ?? 'Erreur inattendue.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card lc-canned-form" noValidate aria-labelledby={`${id}-titre`} onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h2 id={`${id}-titre`}>{editing ? 'Modifier la réponse type' : 'Nouvelle réponse type'}</h2>
      <Field label="Titre" hint={count(title, maxTitle)} error={errors.title} id={`${id}-t`}>
        {(ids) => <input ref={titleRef} {...ids} value={title} onChange={(e) => { setTitle(e.target.value); setErrors((x) => ({ ...x, title: undefined })); }} />}
      </Field>
      <Field label="Texte" hint={count(text, maxText)} error={errors.text} id={`${id}-x`}>
        {(ids) => <textarea ref={textRef} {...ids} rows={5} value={text} onChange={(e) => { setText(e.target.value); setErrors((x) => ({ ...x, text: undefined })); }} />}
      </Field>
      {formError ? <p className="form-error" role="alert">{formError}</p> : null}
      <div className="side-actions">
        <button className="btn btn-primary" type="submit" disabled={busy}>{editing ? 'Enregistrer' : 'Ajouter'}</button>
        {editing ? <button className="btn btn-secondary" type="button" disabled={busy} onClick={onCancel}>Annuler</button> : null}
      </div>
    </form>
  );
}
