import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '../../components/field';
import { moveClaim, type StaffClaim } from './claim-api';
import { claimBounds, emptyMove, moveField, moveInput, needLabels, type MoveErrors, type MoveField, type MoveFields } from './claim-move-form';
import { useAction } from './use-action';

const hints: Partial<Record<MoveField, string>> = {
  insurerRef: 'Il figure sur l’accusé de réception de l’assureur ; le client le lit dans son dossier.',
  asked: 'Le client la lit telle quelle dans « Mes sinistres » et par e-mail : soyez précis (document, date, format).',
  amountCents: 'En euros, par exemple 1 250,50.',
  reason: 'Le paragraphe sur le médiateur de l’assurance est ajouté automatiquement au message du client.',
};

/**
 * The next step of the claim, for the agent who took it or an admin: the
 * status among the moves the server allows, the field that move needs and
 * an optional word to the client.
 */
export function ClaimMoves({ claim, onChange }: { claim: StaffClaim; onChange: () => void }) {
  const id = useId();
  const [f, setF] = useState<MoveFields>({ ...emptyMove, insurerRef: claim.insurerRef ?? '' });
  const [errors, setErrors] = useState<MoveErrors>({});
  const [done, setDone] = useState('');
  const [action, run] = useAction(onChange);
  // A reload keeps what the agent chose and typed while it still applies:
  // the page's header and this claim answer separately, in either order.
  const typedRef = useRef(false);
  useEffect(() => {
    setF((v) => ({
      ...v,
      status: claim.moves.some((m) => m.status === v.status) ? v.status : '',
      insurerRef: typedRef.current ? v.insurerRef : claim.insurerRef ?? '',
    }));
  }, [claim.moves, claim.insurerRef]);

  const fieldId = (k: MoveField) => `${id}-${k}`;
  const move = claim.moves.find((m) => m.status === f.status);
  const set = (k: keyof MoveFields, v: string) => {
    if (k === 'insurerRef') typedRef.current = true;
    setF({ ...f, [k]: v });
    setDone('');
  };

  async function send(e: FormEvent) {
    e.preventDefault();
    setDone('');
    const checked = moveInput(f, claim.moves);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return focusFirst(checked.errors);
    }
    setErrors({});
    const label = move?.label ?? '';
    const ok = await run(() => moveClaim(claim.id, checked.input));
    if (ok) {
      typedRef.current = false;
      setF({ ...emptyMove, insurerRef: checked.input.insurerRef || (claim.insurerRef ?? '') });
      setDone(`Le sinistre est passé à «\u00a0${label}\u00a0»\u00a0; le client en est averti par e-mail.`);
    }
  }

  function focusFirst(errs: MoveErrors) {
    const first = (['status', 'insurerRef', 'asked', 'amountCents', 'reason', 'note'] as MoveField[]).find((k) => errs[k]);
    if (first) document.getElementById(first === 'status' ? `${fieldId('status')}-0` : fieldId(first))?.focus();
  }

  // The server's refusal: next to the field it names, else above the button.
  const server: MoveErrors = {};
  for (const e of action.errors ?? []) { const k = moveField(e.field); if (k) server[k] = e.message; }
  const k = moveField(action.field);
  if (action.error && k && !server[k]) server[k] = action.error;
  const shown = { ...server, ...errors };
  const general = action.error && !k && !(action.errors ?? []).length ? action.error : '';
  useEffect(() => { if (action.error) focusFirst(server); }, [action.error]);

  if (claim.moves.length === 0 && claim.canWork) return null;
  const needs = move?.needs ?? '';
  return (
    <section className="desk-block claim-block" aria-labelledby={`${id}-titre`}>
      <h2 id={`${id}-titre`}>Faire avancer le sinistre</h2>
      {claim.canWork ? (
        <form className="claim-form claim-moves" onSubmit={(e) => void send(e)} noValidate aria-labelledby={`${id}-titre`}>
          <fieldset className="choice-group" aria-describedby={shown.status ? `${fieldId('status')}-erreur` : undefined}>
            <legend>Nouvelle étape</legend>
            <div className="choice-list">
              {claim.moves.map((m, i) => (
                <label key={m.status} className="choice">
                  <input type="radio" id={`${fieldId('status')}-${i}`} name={fieldId('status')} value={m.status} checked={f.status === m.status}
                    onChange={() => set('status', m.status)} aria-invalid={shown.status ? true : undefined} />
                  <span>{m.label}</span>
                </label>
              ))}
            </div>
            {shown.status ? <p id={`${fieldId('status')}-erreur`} className="field-error">{shown.status}</p> : null}
          </fieldset>
          {needs === 'insurerRef' ? (
            <Field id={fieldId('insurerRef')} label={needLabels.insurerRef} hint={hints.insurerRef} error={shown.insurerRef}>
              {(ids) => <input {...ids} className="input-medium" autoComplete="off" maxLength={claimBounds.insurerRef.max} value={f.insurerRef} onChange={(e) => set('insurerRef', e.target.value)} />}
            </Field>
          ) : null}
          {needs === 'asked' ? (
            <Field id={fieldId('asked')} label={needLabels.asked} hint={hints.asked} error={shown.asked}>
              {(ids) => <textarea {...ids} rows={3} maxLength={claimBounds.asked.max} value={f.asked} onChange={(e) => set('asked', e.target.value)} />}
            </Field>
          ) : null}
          {needs === 'amountCents' ? (
            <Field id={fieldId('amountCents')} label={needLabels.amountCents} hint={hints.amountCents} error={shown.amountCents}>
              {(ids) => (
                <span className="claim-amount">
                  <input {...ids} className="input-short" inputMode="decimal" autoComplete="off" value={f.amount} onChange={(e) => set('amount', e.target.value)} />
                  <span aria-hidden="true">€</span>
                </span>
              )}
            </Field>
          ) : null}
          {needs === 'reason' ? (
            <Field id={fieldId('reason')} label={needLabels.reason} hint={hints.reason} error={shown.reason}>
              {(ids) => <textarea {...ids} rows={4} maxLength={claimBounds.reason.max} value={f.reason} onChange={(e) => set('reason', e.target.value)} />}
            </Field>
          ) : null}
          {move ? (
            <Field id={fieldId('note')} label="Mot au client (facultatif)" hint="Ajouté à la suite du message qui annonce l’étape." error={shown.note}>
              {(ids) => <textarea {...ids} rows={3} maxLength={claimBounds.note.max} value={f.note} onChange={(e) => set('note', e.target.value)} />}
            </Field>
          ) : null}
          {general ? <p className="form-error" role="alert">{general}</p> : null}
          <button className="btn btn-primary" type="submit" disabled={action.busy}>{action.busy ? 'Enregistrement…' : 'Enregistrer l’étape'}</button>
          {done ? <p className="claim-done" role="status">{done}</p> : null}
        </form>
      ) : <p className="muted">Prenez ce sinistre en charge pour le faire avancer.</p>}
    </section>
  );
}
