import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { vehicleFields, vehicleSelectionCopy as copy } from '../content/quote-form';
import { validateFields, vehicleFromParams, vehicleSearch, type Answers, type QuoteErrors } from '../features/quotes/quote-form';
import { PageHeader } from '../components/page-header';
import { firstErrorSelector, QuoteField } from '../features/quotes/quote-fields';
import type { Vehicle } from '../features/prices/api';
import { vehicleAnswers } from '../features/prices/vehicle-answers';
import { VehiclePicker } from '../features/prices/vehicle-picker';
import './vehicle-selection.css';

/**
 * /vehicle-selection: the first step of a car quote. The answers travel in
 * the URL to /quote-request?product=car, and back here to be changed.
 */
export default function VehicleSelectionPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [answers, setAnswers] = useState<Answers>(() => vehicleFromParams(params));
  const [errors, setErrors] = useState<QuoteErrors>({});
  // The catalogue's vehicle, when one was picked: it fills the fields below.
  const [picked, setPicked] = useState<Vehicle | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const today = new Date();

  useEffect(() => {
    if (Object.keys(errors).length) formRef.current?.querySelector<HTMLElement>(firstErrorSelector)?.focus();
  }, [errors]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = validateFields(vehicleFields, answers, new Date());
    setErrors(found);
    if (Object.keys(found).length === 0) navigate(`/quote-request${vehicleSearch(answers)}`, { viewTransition: true });
  }

  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      <section className="section">
        <div className="container">
          <form ref={formRef} className="card vehicle-form" onSubmit={onSubmit} noValidate aria-label={copy.legend}>
            <h2>{copy.legend}</h2>
            <p className="muted">{copy.help}</p>
            <VehiclePicker
              kind="car" label="Trouver votre véhicule dans notre catalogue" value={picked}
              onChange={(v) => {
                setPicked(v);
                if (v) setAnswers((prev) => ({ ...prev, ...vehicleAnswers(v) }));
              }}
            />
            <p className="muted">Le véhicule choisi remplit les champs ci-dessous&nbsp;; vous pouvez aussi les remplir vous-même.</p>
            {vehicleFields.map((spec) => (
              <QuoteField
                key={spec.name} spec={spec} answers={answers} error={errors[`details.${spec.name}`]} today={today}
                onChange={(name, value) => setAnswers((prev) => ({ ...prev, [name]: value }))}
              />
            ))}
            <div className="vehicle-actions">
              <button className="btn btn-primary" type="submit">{copy.submit}</button>
              <Link to="/quote-request" viewTransition>{copy.back}</Link>
            </div>
          </form>
        </div>
      </section>
    </>
  );
}
