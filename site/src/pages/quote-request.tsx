import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Field } from '../components/field';
import { NeedsJs } from '../components/needs-js';
import { TextField } from '../components/text-field';
import { isProductId, productIds, type ProductId } from '../content/products';
import { choices, productFields, quoteRequestCopy as copy, vehicleFields } from '../content/quote-form';
import { ApiError } from '../lib/api';
import { fileQuote, labelOf, productTitle } from '../features/quotes/quotes';
import {
  quotePayload, validateFields, validateQuote, vehicleFromParams, vehicleSearch, type Answers, type QuoteErrors, type QuoteValues,
} from '../features/quotes/quote-form';
import { useSession } from '../lib/session';
import { PageHeader } from '../components/page-header';
import { ChoiceGroup, firstErrorSelector, QuoteField } from '../features/quotes/quote-fields';
import './quote-request.css';

const productChoices = productIds.map((id) => ({ value: id, label: productTitle(id) }));
const vehicleNames = new Set(vehicleFields.map((f) => f.name));

/** The vehicle chosen on /vehicle-selection, or the invitation to choose it, with its errors. */
function VehicleSummary({ answers, errors }: { answers: Answers; errors: string[] }) {
  const complete = Object.keys(validateFields(vehicleFields, answers, new Date())).length === 0;
  const brand = answers.brand === 'autre' ? String(answers.brandOther) : labelOf('brand', answers.brand);
  const errorId = errors.length ? 'devis-vehicule-erreur' : undefined;
  return (
    <section className="vehicle-summary" aria-labelledby="devis-vehicule">
      <h3 id="devis-vehicule">{copy.vehicleTitle}</h3>
      {complete ? (
        <p className="vehicle-name">{`${brand} ${String(answers.model)} · ${String(answers.year)} · ${labelOf('energy', answers.energy)}`}</p>
      ) : (
        <p>{copy.vehicleIntro}</p>
      )}
      {errors.length ? (
        <div id={errorId}>
          {errors.map((e) => <p key={e} className="field-error">{e}</p>)}
        </div>
      ) : null}
      <Link
        className={complete ? 'btn btn-secondary' : 'btn btn-primary'}
        to={`/vehicle-selection${vehicleSearch(answers)}`}
        viewTransition
        aria-describedby={errorId}
        data-focus-error={errorId ? true : undefined}
      >
        {complete ? copy.vehicleChange : copy.vehicleChoose}
      </Link>
    </section>
  );
}

/**
 * The client-side errors of the form; a car's vehicle, answered on
 * /vehicle-selection, is reported once, on its summary.
 */
function checkForm(values: QuoteValues): QuoteErrors {
  const found = validateQuote(values, new Date());
  if (values.product === 'car' && Object.keys(found).some((k) => vehicleNames.has(k.slice('details.'.length)))) {
    for (const name of vehicleNames) delete found[`details.${name}`];
    found.vehicle = copy.vehicleMissing;
  }
  return found;
}

/** The server's refusal next to the field it names, or above the form. */
function serverErrors(err: unknown): QuoteErrors {
  if (!(err instanceof ApiError)) return { form: copy.failed };
  const field = err.field ?? '';
  const known = field === 'product' || field === 'message' || field.startsWith('details.') || field.startsWith('contact.');
  return known ? { [field]: err.message } : { form: err.message };
}

/** How the client wants the answer, and an optional message. */
type Contact = Pick<QuoteValues, 'contactMethod' | 'phone' | 'message'>;

interface ContactSectionProps {
  email: string;
  contact: Contact;
  errors: QuoteErrors;
  onChange: (change: Partial<Contact>) => void;
}

/** The last part of the form: e-mail or phone, the number, a message. */
function ContactSection({ email, contact, errors, onChange }: ContactSectionProps) {
  const byPhone = contact.contactMethod === 'phone';
  return (
    <fieldset className="quote-section">
      <legend className="quote-step">{copy.contactLegend}</legend>
      <ChoiceGroup
        name="contactMethod" type="radio" legend={copy.contactMethod} error={errors['contact.method']}
        hint={byPhone ? undefined : copy.emailNote(email)}
        options={choices.contactMethod} isChecked={(v) => v === contact.contactMethod} onToggle={(v) => onChange({ contactMethod: v })}
      />
      <TextField
        id="devis-phone" label={byPhone ? copy.phone : copy.phoneOptional} type="tel" inputMode="tel" autoComplete="tel"
        value={contact.phone} onChange={(e) => onChange({ phone: e.target.value })} error={errors['contact.phone']} className="input-medium"
      />
      <Field id="devis-message" label={copy.message} hint={copy.messageHint} error={errors.message}>
        {(ids) => <textarea {...ids} name="message" rows={4} value={contact.message} onChange={(e) => onChange({ message: e.target.value })} />}
      </Field>
    </fieldset>
  );
}

/** The next steps and the broker's commitment, beside the form. */
function NextSteps() {
  return (
    <aside className="card quote-next" aria-labelledby="devis-ensuite">
      <h2 id="devis-ensuite">{copy.next.title}</h2>
      <ol>
        {copy.next.steps.map((s) => <li key={s}>{s}</li>)}
      </ol>
      <p className="muted">{copy.next.price}</p>
    </aside>
  );
}

/** /quote-request: the product, its questions, how to answer, then POST /api/quotes and on to /my-quotes. */
export default function QuoteRequestPage() {
  const user = useSession()?.user;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('product') ?? '';
  const product: ProductId | '' = isProductId(requested) ? requested : '';
  const [answersBy, setAnswersBy] = useState<Partial<Record<ProductId, Answers>>>({});
  const [contact, setContact] = useState<Contact>({ contactMethod: 'email', phone: '', message: '' });
  const [errors, setErrors] = useState<QuoteErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const today = new Date();

  // The vehicle lives in the URL, so a reload or a return from /vehicle-selection keeps it.
  const answers: Answers = product === 'car' ? { ...answersBy.car, ...vehicleFromParams(params) } : (product ? answersBy[product] ?? {} : {});

  useEffect(() => {
    if (Object.keys(errors).length) formRef.current?.querySelector<HTMLElement>(firstErrorSelector)?.focus();
  }, [errors]);

  if (!user) return null;

  function chooseProduct(p: string) {
    setErrors({});
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('product', p);
      return next;
    }, { replace: true });
  }

  function answer(name: string, value: string | string[]) {
    if (!product) return;
    setAnswersBy((prev) => ({ ...prev, [product]: { ...prev[product], [name]: value } }));
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = { product, answers, ...contact };
    const found = checkForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || !product) return;
    setBusy(true);
    try {
      const quote = await fileQuote(quotePayload({ ...values, product }));
      navigate('/my-quotes', { state: { created: quote.id }, viewTransition: true });
    } catch (err) {
      setErrors(serverErrors(err));
    } finally {
      setBusy(false);
    }
  }

  const fields = product ? productFields[product].filter((f) => product !== 'car' || !f.vehicleStep) : [];
  const vehicleErrors = [errors.vehicle, ...[...vehicleNames].map((n) => errors[`details.${n}`])].filter((e): e is string => Boolean(e));

  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      <section className="section">
        <div className="container quote-layout">
          <NeedsJs />
          <form ref={formRef} className="card quote-form needs-js" onSubmit={onSubmit} noValidate aria-label={copy.title}>
            {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
            <ChoiceGroup
              name="product" type="radio" cards legend={<span className="quote-step">{copy.productLegend}</span>} error={errors.product}
              options={productChoices} isChecked={(v) => v === product} onToggle={chooseProduct}
            />
            {product ? (
              <fieldset className="quote-section">
                <legend className="quote-step">{`${copy.detailsLegend} · ${productTitle(product)}`}</legend>
                {product === 'car' ? <VehicleSummary answers={answers} errors={vehicleErrors} /> : null}
                {fields.map((spec) => (
                  <QuoteField key={`${product}-${spec.name}`} spec={spec} answers={answers} error={errors[`details.${spec.name}`]} today={today} onChange={answer} />
                ))}
              </fieldset>
            ) : null}
            <ContactSection email={user.email} contact={contact} errors={errors} onChange={(change) => setContact((c) => ({ ...c, ...change }))} />
            <p className="quote-privacy">
              {copy.privacy.before}
              <Link to="/privacy" viewTransition>{copy.privacy.link}</Link>
              {copy.privacy.after}
            </p>
            <button className="btn btn-primary quote-submit" type="submit" disabled={busy}>
              {busy ? copy.sending : copy.submit}
            </button>
          </form>
          <NextSteps />
        </div>
      </section>
    </>
  );
}
