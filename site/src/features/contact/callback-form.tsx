import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '../../components/field';
import { NeedsJs } from '../../components/needs-js';
import { TextField } from '../../components/text-field';
import { answerDelays } from '../../lib/company';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { usePendingMark } from '../../lib/island';
import { loadSlots, requestCallback, type Receipt, type SlotDay } from './api';
import { bounds, copy, dayLabel, products, serverErrors, slotLabel, validateCallback, type FormErrors } from './form';
import { Consent, ReceiptPanel, useFocusFirstError } from './parts';
import '../../components/quote-fields.css';
import './contact-forms.css';

const fields = ['name', 'phone', 'product', 'slot', 'note', 'consent'];

/** What the client is told once the request is stored: the slot, or the delay. */
function doneText(r: Receipt): string {
  const when = r.slotStart && r.slotEnd
    ? `Nous vous appellerons le ${dayLabel(r.slotStart)} entre ${slotLabel(r.slotStart, r.slotEnd).replace('\u00a0–\u00a0', ' et ')}.`
    : `Nous vous rappelons ${answerDelays.callback}.`;
  return copy.callback.done(r.ref, when);
}

/** The slots offered: loading (undefined), failed (null) or loaded; the chat's offer uses them too. */
export function useSlots(): [SlotDay[] | null | undefined, () => void] {
  const [days, setDays] = useState<SlotDay[] | null | undefined>(undefined);
  const reload = useCallback(() => {
    loadSlots().then(setDays, () => setDays(null));
  }, []);
  useEffect(reload, [reload]);
  return [days, reload];
}

/** The name of a day of slots, "lundi 23 novembre". */
function dayName(d: SlotDay): string {
  const first = d.slots[0];
  return first ? dayLabel(first.start) : d.date;
}

export interface SlotPickerProps {
  id: string;
  days: SlotDay[] | null | undefined;
  day: string;
  slot: string;
  error?: string;
  onChange: (day: string, slot: string) => void;
}

/** The day (or as soon as possible), then the slot of that day as radio buttons. */
export function SlotPicker({ id, days, day, slot, error, onChange }: SlotPickerProps) {
  const c = copy.callback;
  const chosen = days?.find((d) => d.date === day);
  const errorId = error ? `${id}-slot-erreur` : undefined;
  return (
    <>
        <Field id={`${id}-day`} label={c.day} hint={days === undefined ? c.slotsLoading : days === null ? c.slotsFailed : days.length ? c.slotsReady : c.slotsNone}>
          {(ids) => (
            <select {...ids} name="day" value={day} onChange={(e) => onChange(e.target.value, '')}>
              <option value="">{c.asap}</option>
              {(days ?? []).map((d) => <option key={d.date} value={d.date}>{dayName(d)}</option>)}
            </select>
          )}
        </Field>
        {chosen ? (
          <fieldset className="choice-group slot-group" id={`${id}-slot`}>
            <legend>{`${c.slot} · ${dayName(chosen)}`}</legend>
            <div className="choice-list slot-list">
              {chosen.slots.map((s) => (
                <label key={s.start} className="choice">
                  <input type="radio" name={`${id}-slot`} value={s.start} checked={slot === s.start}
                    onChange={() => onChange(day, s.start)} aria-invalid={error ? true : undefined} aria-describedby={errorId} />
                  <span>{slotLabel(s.start, s.end)}</span>
                </label>
              ))}
            </div>
            {error ? <p id={errorId} className="field-error">{error}</p> : null}
          </fieldset>
        ) : error ? <p id={errorId} className="field-error" data-focus-error>{error}</p> : null}
    </>
  );
}

const empty = { name: '', phone: '', day: '', slot: '', note: '', consent: false };

/**
 * The callback form of /contact and of the product pages (product preset):
 * a French number, a day and a one-hour slot among those the API offers,
 * or as soon as possible.
 */
export function CallbackForm({ labelledBy, product = "" }: { labelledBy: string; product?: string }) {
  const user = useSession()?.user ?? null;
  const pending = usePendingMark();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [days, reloadSlots] = useSlots();
  const [values, setValues] = useState({ ...empty, product });
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  useFocusFirstError(formRef, errors);
  useEffect(() => {
    // What was typed while the form's code was loading: React hydrates the
    // fields with empty values and its next render would wipe that text.
    const f = formRef.current;
    if (!f) return;
    const typed = (name: string) => {
      const el = f.elements.namedItem(name);
      return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement ? el.value : '';
    };
    const consent = f.elements.namedItem('consent');
    setValues((v) => ({
      ...v,
      name: v.name || typed('name'), phone: v.phone || typed('phone'), note: v.note || typed('note'),
      product: typed('product') || v.product,
      consent: v.consent || (consent instanceof HTMLInputElement && consent.checked),
    }));
  }, []);

  if (user && user.role !== 'client') return <p className="contact-staff-note">{copy.staff}</p>;
  const client = user !== null;
  const accountName = user?.displayName ?? '';
  const set = (change: Partial<typeof values>) => setValues((v) => ({ ...v, ...change }));

  if (receipt) {
    return (
      <ReceiptPanel text={doneText(receipt)} reference={receipt.ref} client={client} again={copy.callback.again}
        onAgain={() => { setReceipt(null); set({ day: '', slot: '', note: '', consent: false }); reloadSlots(); }} />
    );
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = validateCallback(values, client && Boolean(accountName));
    setErrors(found);
    if (Object.keys(found).length) return;
    const slot = days?.find((d) => d.date === values.day)?.slots.find((s) => s.start === values.slot);
    setBusy(true);
    try {
      setReceipt(await requestCallback({
        name: client && accountName ? '' : values.name, phone: values.phone, product: values.product, note: values.note,
        consent: values.consent, slot: slot ? { start: slot.start, end: slot.end } : { start: '', end: '' },
      }));
      setErrors({});
    } catch (err) {
      if (err instanceof ApiError && err.field === 'slot') {
        set({ slot: '' });
        reloadSlots();
      }
      setErrors(serverErrors(err, fields));
    } finally {
      setBusy(false);
    }
  }

  const c = copy.callback;
  return (
    <>
    <NeedsJs />
    <form ref={formRef} className="contact-form needs-js" onSubmit={onSubmit} noValidate aria-labelledby={labelledBy} {...pending}>
      {errors.form ? <p className="form-error" role="alert" tabIndex={-1}>{errors.form}</p> : null}
      <TextField id={`${id}-name`} label={c.name} name="name" autoComplete="name" error={errors.name}
        value={client && accountName ? accountName : values.name} readOnly={client && Boolean(accountName)}
        hint={client && accountName ? copy.prefilled : undefined} onChange={(e) => set({ name: e.target.value })} />
      <TextField id={`${id}-phone`} label={c.phone} hint={c.phoneHint} name="phone" type="tel" autoComplete="tel" inputMode="tel"
        error={errors.phone} value={values.phone} onChange={(e) => set({ phone: e.target.value })} className="input-medium" />
      <Field id={`${id}-product`} label={c.product} error={errors.product}>
        {(ids) => (
          <select {...ids} name="product" value={values.product} onChange={(e) => set({ product: e.target.value })}>
            <option value="">{c.productNone}</option>
            {products.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
          </select>
        )}
      </Field>
      <SlotPicker id={id} days={days} day={values.day} slot={values.slot} error={errors.slot} onChange={(day, slot) => set({ day, slot })} />
      <Field id={`${id}-note`} label={c.note} error={errors.note} hint={`${bounds('note').max}\u00a0caractères au plus.`}>
        {(ids) => <textarea {...ids} name="note" rows={2} value={values.note} onChange={(e) => set({ note: e.target.value })} />}
      </Field>
      <Consent id={`${id}-consent`} what="vous rappeler" checked={values.consent} error={errors.consent} onChange={(consent) => set({ consent })} />
      <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? c.sending : c.submit}</button>
    </form>
    </>
  );
}
