import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { ApiError } from '../lib/api';
import { formatDate, typeset } from '../lib/format';
import { getKeptPrices, type Price, type PriceQuote } from '../features/prices/api';
import { PriceSteps } from '../features/prices/price-steps';
import { loadPriceProduct, priceProduct } from '../features/prices/rates';
import { createContract, getSavedPolicyholder, listContracts, updateContract, type Contract, type Policyholder } from '../features/contracts/api';
import { todayIso } from '../features/contracts/details';
import { detailsOf, initialValues, subscriptionSteps, type FieldErrors, type SubscriptionValues } from '../features/contracts/subscription-form';
import { SubscriptionFormView } from '../features/contracts/subscription-form-view';
import { premiumText } from '../features/contracts/contract-parts';
import '../features/prices/prices.css';
import '../features/contracts/contracts.css';

type State =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; quote: PriceQuote; price: Price; pending?: Contract; saved?: Policyholder };

/** The kept price named by ?prix=, and the contract already begun for it. */
function usePrice(priceId: string): State {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const cut = priceId.lastIndexOf('-');
    if (cut <= 0) {
      setState({ status: 'failed', message: 'Ce prix est introuvable. Choisissez-le dans vos prix gardés.' });
      return undefined;
    }
    let live = true;
    Promise.all([getKeptPrices(priceId.slice(0, cut)), listContracts(), getSavedPolicyholder().catch(() => undefined)])
      .then(async ([quote, contracts, saved]) => {
        await loadPriceProduct(quote.product);
        if (!live) return;
        const price = quote.prices.find((p) => p.id === priceId);
        if (!price) throw new ApiError('Ce prix est introuvable. Choisissez-le dans vos prix gardés.', 404);
        const begun = contracts.find((c) => c.source === 'price' && c.sourceId === priceId);
        setState({ status: 'ready', quote, price, pending: begun, saved });
      })
      .catch((err: unknown) => {
        if (!live) return;
        setState({ status: 'failed', message: err instanceof ApiError ? err.message : 'Ce prix n’a pas pu être chargé. Réessayez.' });
      });
    return () => {
      live = false;
    };
  }, [priceId]);
  return state;
}

/** The offer subscribed, above the steps. */
function OfferSummary({ quote, price, pending }: { quote: PriceQuote; price: Price; pending?: Contract }) {
  const rhythm = price.monthlyCents > 0 ? 'monthly' : 'yearly';
  return (
    <section className="card contract-offer" aria-labelledby="offre-souscrite">
      <h2 id="offre-souscrite">Votre offre</h2>
      <p><strong>{price.formula}</strong> chez {price.insurer}, {priceProduct(quote.product).label.toLowerCase()}</p>
      <p>{premiumText({ rhythm, monthlyCents: price.monthlyCents, yearlyCents: price.yearlyCents })}</p>
      {pending?.repriced ? <p><strong>{typeset(`Recalculé pour votre contrat : ${premiumText(pending)}.`)}</strong></p> : null}
      <p className="muted">Prix valable jusqu’au {formatDate(quote.validUntil)}.</p>
    </section>
  );
}

/** The three steps, then the contract made (or completed) and the signature page. */
function Subscription({ quote, price, pending, saved }: { quote: PriceQuote; price: Price; pending?: Contract; saved?: Policyholder }) {
  const navigate = useNavigate();
  const [step, setStep] = useState(1);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const postalCode = typeof quote.answers?.postalCode === 'string' ? quote.answers.postalCode : '';
  const [initial] = useState(() => initialValues(pending, postalCode, price.monthlyCents > 0, saved));

  async function submit(values: SubscriptionValues) {
    setBusy(true);
    setFailure(undefined);
    try {
      const details = detailsOf(values, quote.product);
      const contract = pending ? await updateContract(pending.id, values.startDate, details) : await createContract(price.id, values.startDate, details);
      navigate(`/mes-contrats/${encodeURIComponent(contract.id)}/signature`, { viewTransition: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.errors.length > 0) {
        setErrors(Object.fromEntries(err.errors.map((f) => [f.field, f.message])));
        if (err.errors.every((f) => f.field === 'priceId')) setFailure(err.message);
      } else if (err instanceof ApiError && err.field) {
        setErrors({ [err.field]: err.message });
      } else {
        setFailure(err instanceof ApiError ? err.message : 'Votre contrat n’a pas pu être préparé. Réessayez.');
      }
    }
  }

  return (
    <>
      <PriceSteps names={subscriptionSteps} current={step} />
      <div className="contract-layout">
        <div>
          {pending ? <p className="notice">{typeset(`Vous avez commencé ce contrat (n°\u00a0${pending.number}) : vos réponses sont reprises.`)}</p> : null}
          {failure ? <p className="form-error" role="alert">{failure}</p> : null}
          <SubscriptionFormView
            product={quote.product} yearlyCents={price.yearlyCents} monthlyCents={price.monthlyCents} today={todayIso()}
            initial={initial} busy={busy} errors={errors} onStep={setStep} onSubmit={(v) => void submit(v)}
          />
        </div>
        <OfferSummary quote={quote} price={price} pending={pending} />
      </div>
    </>
  );
}

/** /souscrire?prix=…: the subscription of a kept price, in four steps. */
export default function SubscribePage() {
  const [params] = useSearchParams();
  const priceId = params.get('prix') ?? '';
  const state = usePrice(priceId);
  return (
    <>
      <PageHeader title="Souscrire en ligne" lead={typeset('Quatre étapes, sans vous déplacer : la date de début, vos coordonnées, le paiement, puis vos documents à lire et à signer avec un code reçu par e-mail.')} />
      <section className="section">
        <div className="container">
          {state.status === 'loading' ? <p className="muted" role="status">Chargement de votre offre…</p> : null}
          {state.status === 'failed' ? (
            <div className="card contract-empty" role="alert">
              <p>{typeset(state.message)}</p>
              <Link className="btn btn-primary" to="/my-quotes">Voir mes prix gardés</Link>
            </div>
          ) : null}
          {state.status === 'ready' && state.pending && state.pending.status !== 'pending_signature' ? (
            <div className="card contract-empty">
              <p>{typeset(`Ce prix a déjà donné le contrat n°\u00a0${state.pending.number} (${state.pending.statusLabel}).`)}</p>
              <Link className="btn btn-primary" to={`/mes-contrats/${encodeURIComponent(state.pending.id)}`}>Voir ce contrat</Link>
            </div>
          ) : null}
          {state.status === 'ready' && (!state.pending || state.pending.status === 'pending_signature') ? (
            <Subscription quote={state.quote} price={state.price} pending={state.pending} saved={state.saved} />
          ) : null}
        </div>
      </section>
    </>
  );
}
