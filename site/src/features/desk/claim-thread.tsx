import { useId, useState, type FormEvent } from 'react';
import { Field } from '../../components/field';
import { writeToClaimant, type StaffClaim } from './claim-api';
import { claimBounds } from './claim-move-form';
import { shortDateTime } from './dates';
import { useAction } from './use-action';

/** The reply of staff who work on the claim: the client reads it in « Mes sinistres » and is e-mailed. */
function ReplyForm({ claim, onChange }: { claim: StaffClaim; onChange: () => void }) {
  const id = useId();
  const [body, setBody] = useState('');
  const [missing, setMissing] = useState('');
  const [sent, setSent] = useState(false);
  const [action, run] = useAction(onChange);
  const fieldId = `${id}-message`;

  async function send(e: FormEvent) {
    e.preventDefault();
    setSent(false);
    if (!body.trim()) {
      setMissing('Écrivez votre message au client.');
      return document.getElementById(fieldId)?.focus();
    }
    setMissing('');
    const sent = body;
    if (await run(() => writeToClaimant(claim.id, sent))) {
      // What was typed while it left stays.
      setBody((now) => (now === sent ? '' : now));
      setSent(true);
    } else {
      document.getElementById(fieldId)?.focus();
    }
  }

  return (
    <form className="claim-form" onSubmit={(e) => void send(e)} noValidate aria-label="Écrire au client">
      <Field id={fieldId} label="Votre message au client" error={missing || action.error || undefined}
        hint="Le client le lit dans « Mes sinistres » et en est averti par e-mail.">
        {(ids) => <textarea {...ids} rows={4} maxLength={claimBounds.message.max} value={body} onChange={(e) => { setBody(e.target.value); setSent(false); }} />}
      </Field>
      <button className="btn btn-primary" type="submit" disabled={action.busy}>{action.busy ? 'Envoi…' : 'Envoyer le message'}</button>
      {sent ? <p className="claim-done" role="status">Message envoyé au client.</p> : null}
    </form>
  );
}

/** The thread between the client and the broker, oldest first, with the reply form. */
export function ClaimThread({ claim, onChange }: { claim: StaffClaim; onChange: () => void }) {
  const id = useId();
  return (
    <section className="desk-block claim-block" aria-labelledby={`${id}-titre`}>
      <h2 id={`${id}-titre`}>Échanges avec le client</h2>
      {claim.messages.length === 0 ? <p className="muted">Aucun message pour l’instant.</p> : (
        <ol className="reply-list claim-thread">
          {claim.messages.map((m) => (
            <li key={m.id} className={`reply ${m.fromClient ? 'claim-message-client' : 'claim-message-broker'}`}>
              <p className="note-meta">
                <strong>{m.authorName}</strong> · {m.fromClient ? 'client' : 'cabinet'} · <time dateTime={m.at}>{shortDateTime(m.at)}</time>
              </p>
              <p className="note-body">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      {claim.canWork && claim.actions.includes('message') ? <ReplyForm claim={claim} onChange={onChange} /> : null}
    </section>
  );
}
