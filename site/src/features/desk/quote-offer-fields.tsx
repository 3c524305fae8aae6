import type { ChangeEvent } from 'react';
import { quotePanelCopy as copy } from '../../content/offers';
import { Field } from '../../components/field';
import { addToDate, type OfferErrors, type OfferField, type OfferFields } from './quote-offer-form';

/** Props of one offer's fields in the staff form. */
export interface OfferFieldsetProps {
  index: number;
  value: OfferFields;
  errors: OfferErrors;
  today: string;
  /** Set when the offer may be removed (more than one). */
  onRemove?: () => void;
  onChange: (field: OfferField, value: string) => void;
  disabled: boolean;
}

/** The id of an offer's input, so that the first error can be focused. */
export function offerInputId(index: number, field: OfferField): string {
  return `offre-${index}-${field}`;
}

/** One offer of the staff form: every field labelled, its error under it. */
export function OfferFieldset({ index, value, errors, today, onRemove, onChange, disabled }: OfferFieldsetProps) {
  const input = (field: OfferField) => ({
    id: offerInputId(index, field),
    name: field,
    value: value[field],
    disabled,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(field, e.target.value),
  });
  const amount = (field: OfferField) => ({ ...input(field), inputMode: 'decimal' as const, autoComplete: 'off', placeholder: '0,00' });
  return (
    <fieldset className="offer-fieldset">
      <legend>{copy.offer(index + 1)}</legend>
      <div className="offer-grid">
        <Field label={copy.insurer} error={errors.insurer} id={offerInputId(index, 'insurer')}>
          {(ids) => <input {...input('insurer')} {...ids} maxLength={200} autoComplete="off" />}
        </Field>
        <Field label={copy.productName} error={errors.productName} id={offerInputId(index, 'productName')}>
          {(ids) => <input {...input('productName')} {...ids} maxLength={300} autoComplete="off" />}
        </Field>
        <Field label={copy.monthly} error={errors.monthly} id={offerInputId(index, 'monthly')}>
          {(ids) => <input {...amount('monthly')} {...ids} />}
        </Field>
        <Field label={copy.yearly} hint={copy.yearlyHint} error={errors.yearly} id={offerInputId(index, 'yearly')}>
          {(ids) => <input {...amount('yearly')} {...ids} />}
        </Field>
        <Field label={copy.deductible} hint={copy.deductibleHint} error={errors.deductible} id={offerInputId(index, 'deductible')}>
          {(ids) => <input {...amount('deductible')} {...ids} />}
        </Field>
        <Field label={copy.validUntil} hint={copy.validUntilHint} error={errors.validUntil} id={offerInputId(index, 'validUntil')}>
          {(ids) => <input {...input('validUntil')} {...ids} type="date" min={today} max={addToDate(today, 1)} />}
        </Field>
      </div>
      <Field label={copy.guarantees} hint={copy.guaranteesHint} error={errors.guarantees} id={offerInputId(index, 'guarantees')}>
        {(ids) => <textarea {...input('guarantees')} {...ids} rows={4} />}
      </Field>
      <Field label={copy.note} error={errors.note} id={offerInputId(index, 'note')}>
        {(ids) => <textarea {...input('note')} {...ids} rows={3} />}
      </Field>
      {onRemove ? (
        <button className="btn btn-secondary offer-remove" type="button" onClick={onRemove} disabled={disabled}>{copy.remove(index + 1)}</button>
      ) : null}
    </fieldset>
  );
}
