import { useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '../../components/field';
import { TextField } from '../../components/text-field';
import { ApiError } from '../../lib/api';
import { fileCallback, fileMessage, type ChatMessage } from '../chat/chat';
import { useSession } from '../../lib/session';
import { SlotPicker, useSlots } from './callback-form';
import { bounds, copy, serverErrors, validateCallback, validateMessage, type FormErrors } from './form';
import { Consent, useFocusFirstError } from './parts';
import './contact-forms.css';
import './chat-offer.css';

/** Which of the two the visitor fills, once chosen. */
export type OfferChoice = 'callback' | 'message';

/**
 * The two ways to reach the broker when no advisor is online
 * (PRODUCT.md 8), shown under the chat's log: buttons that open the form
 * in the panel, and one to go on with the assistant.
 */
export function ChatOfferChoices({ onChoose, onDismiss }: { onChoose: (c: OfferChoice) => void; onDismiss: () => void }) {
  return (
    <div className="chat-offer" role="group" aria-label="Sans conseiller en ligne">
      <div className="chat-offer-buttons">
        <button type="button" className="btn btn-primary btn-small" onClick={() => onChoose('callback')}>Être rappelé</button>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => onChoose('message')}>Réponse par e-mail</button>
      </div>
      <button type="button" className="chat-offer-dismiss" onClick={onDismiss}>Continuer avec l’assistant</button>
    </div>
  );
}

interface ChatOfferFormProps {
  /** The conversation's ID, kept by the browser. */
  conversation: string;
  choice: OfferChoice;
  /** What the visitor last wrote, to start the message with. */
  lastWords: string;
  /** The request is filed: the line the conversation shows about it. */
  onFiled: (message?: ChatMessage) => void;
  onCancel: () => void;
}

const messageFields = ['name', 'email', 'message', 'consent'];
const callbackFields = ['name', 'phone', 'slot', 'note', 'consent'];

/**
 * The form of a callback or of a message answered by e-mail, in the chat
 * panel: the contact page's fields and rules (features/contact/form.ts,
 * pkg/contact on the server), the name and e-mail of a signed-in client
 * taken from the account. Filed with the conversation attached.
 */
export function ChatOfferForm({ conversation, choice, lastWords, onFiled, onCancel }: ChatOfferFormProps) {
  const user = useSession()?.user ?? null;
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [days, reloadSlots] = useSlots();
  const [values, setValues] = useState({
    name: '', email: '', phone: '', day: '', slot: '', note: '', consent: false,
    message: choice === 'message' ? lastWords : '',
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  useFocusFirstError(formRef, errors);
  const set = (change: Partial<typeof values>) => setValues((v) => ({ ...v, ...change }));
  const client = user !== null;
  const accountName = user?.displayName ?? '';
  const named = client && Boolean(accountName);
  const callback = choice === 'callback';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = callback
      ? validateCallback(values, named)
      : validateMessage({ ...values, phone: '', subject: 'other' }, client);
    if (!callback && client && !accountName) delete found.name;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const name = named ? '' : values.name;
      let filed;
      if (callback) {
        const slot = days?.find((d) => d.date === values.day)?.slots.find((s) => s.start === values.slot);
        filed = await fileCallback(conversation, {
          name, phone: values.phone, note: values.note, consent: values.consent,
          slot: slot ? { start: slot.start, end: slot.end } : { start: '', end: '' },
        });
      } else {
        filed = await fileMessage(conversation, { name, email: client ? '' : values.email, message: values.message, consent: values.consent });
      }
      onFiled(filed.message);
    } catch (err) {
      if (err instanceof ApiError && err.field === 'slot') {
        set({ slot: '' });
        reloadSlots();
      }
      setErrors(serverErrors(err, callback ? callbackFields : messageFields));
      setBusy(false);
    }
  }

  const title = callback ? 'Être rappelé par un conseiller' : 'Recevoir une réponse par e-mail';
  const titleId = `${id}-titre`;
  return (
    <section className="chat-offer-form" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <p className="field-hint">
        {callback
          ? 'Un conseiller vous appelle au créneau choisi, aux heures d’ouverture.'
          : 'Un conseiller vous répond par e-mail et voit cette conversation.'}
      </p>
      <form ref={formRef} className="contact-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        {errors.form ? <p className="form-error" role="alert" tabIndex={-1}>{errors.form}</p> : null}
        {client ? <p className="field-hint contact-prefilled">{copy.prefilled}</p> : null}
        {named ? null : (
          <TextField id={`${id}-name`} label={copy.message.name} name="name" autoComplete="name" error={errors.name}
            value={values.name} onChange={(e) => set({ name: e.target.value })} />
        )}
        {callback ? (
          <>
            <TextField id={`${id}-phone`} label={copy.callback.phone} hint={copy.callback.phoneHint} name="phone" type="tel" autoComplete="tel"
              inputMode="tel" error={errors.phone} value={values.phone} onChange={(e) => set({ phone: e.target.value })} />
            <SlotPicker id={id} days={days} day={values.day} slot={values.slot} error={errors.slot} onChange={(day, slot) => set({ day, slot })} />
            <Field id={`${id}-note`} label={copy.callback.note} error={errors.note} hint={`${bounds('note').max}\u00a0caractères au plus.`}>
              {(ids) => <textarea {...ids} name="note" rows={2} value={values.note} onChange={(e) => set({ note: e.target.value })} />}
            </Field>
          </>
        ) : (
          <>
            {client ? null : (
              <TextField id={`${id}-email`} label={copy.message.email} name="email" type="email" autoComplete="email" inputMode="email"
                error={errors.email} value={values.email} onChange={(e) => set({ email: e.target.value })} />
            )}
            <Field id={`${id}-message`} label={copy.message.message} hint={copy.message.messageHint} error={errors.message}>
              {(ids) => <textarea {...ids} name="message" rows={4} value={values.message} onChange={(e) => set({ message: e.target.value })} />}
            </Field>
          </>
        )}
        <Consent id={`${id}-consent`} what={callback ? 'vous rappeler' : 'vous répondre'} checked={values.consent} error={errors.consent}
          onChange={(consent) => set({ consent })} />
        <div className="chat-offer-actions">
          <button className="btn btn-primary" type="submit" disabled={busy}>
            {busy ? 'Envoi…' : callback ? 'Demander le rappel' : 'Envoyer le message'}
          </button>
          <button className="btn btn-secondary" type="button" onClick={onCancel} disabled={busy}>Retour à la conversation</button>
        </div>
      </form>
    </section>
  );
}
