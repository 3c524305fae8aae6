import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useMatches, useNavigate, useSearchParams } from 'react-router-dom';
import type { RouteHandle } from '../app/router';
import { NeedsJs } from '../components/needs-js';
import { PageHeader } from '../components/page-header';
import { typeset } from '../lib/format';
import { useSession } from '../lib/session';
import { keepPrices } from '../features/prices/api';
import { journeyCopy, stepNames } from '../features/prices/journey-copy';
import { KeepPrices, keepError } from '../features/prices/keep-prices';
import { PriceFormView } from '../features/prices/price-form-view';
import { Loading } from '../components/loading';
import { PriceSteps } from '../features/prices/price-steps';
import { productPaths } from '../features/prices/paths';
import { isPriceProduct, loadPriceProduct, type PriceProductId } from '../features/prices/rates';
import type { RouteEntry } from '../lib/routes';
import { loadJourney, saveJourney, updateJourney, type StoredJourney } from '../features/prices/storage';
import { MissingPage } from '../components/missing-page';
import '../features/prices/prices.css';

// The prices' view loads with the prices, not with the form's first step.
const PriceResultsView = lazy(() => import('../features/prices/price-results-view').then((m) => ({ default: m.PriceResultsView })));

/** Keeping the prices: where it stands. */
type Keeping = { busy: boolean; error?: { field?: string; message: string }; sent?: string };

/** The results, « Garder mes prix » and, back from /login or /register, keeping them at once. */
function Results({ journey, onChange }: { journey: StoredJourney; onChange: (j: StoredJourney) => void }) {
  const user = useSession()?.user ?? null;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [keeping, setKeeping] = useState<Keeping>({ busy: false });
  const returnTo = `${productPaths[journey.product].price}?resultats=1&garder=1`;

  const keep = useCallback(async (request: { email?: string; consent: boolean }) => {
    setKeeping({ busy: true });
    try {
      const res = await keepPrices(journey.quote.id, { key: journey.quote.key, chosen: journey.chosen, ...request });
      if (res.quote) {
        updateJourney(journey.product, { kept: 'account' });
        navigate('/my-quotes', { state: { keptPrices: journey.quote.id }, viewTransition: true });
        return;
      }
      updateJourney(journey.product, { kept: 'email' });
      setKeeping({ busy: false, sent: res.message ?? 'C’est fait\u00a0: un e-mail vous apporte le lien vers vos prix.' });
    } catch (err) {
      setKeeping({ busy: false, error: keepError(err) });
    }
  }, [journey, navigate]);

  // Back from /login or /register: keep them with the saved key, once.
  const wantsKeep = params.get('garder') === '1';
  const tried = useRef(false);
  useEffect(() => {
    if (!wantsKeep || !user || journey.kept === 'account' || tried.current) return;
    tried.current = true;
    void keep({ consent: false });
  }, [wantsKeep, user, journey.kept, keep]);

  function choose(id: string) {
    const next = { ...journey, chosen: journey.chosen === id ? undefined : id };
    saveJourney(next);
    onChange(next);
  }

  return (
    <Suspense fallback={<Loading />}>
      <PriceResultsView
        quote={journey.quote} needs={journey.needs} subject={journey.subject} chosen={journey.chosen} onChoose={choose}
        date={new Date().toISOString().slice(0, 10)} focus
        after={<KeepPrices user={user} returnTo={returnTo} busy={keeping.busy} error={keeping.error} sent={keeping.sent} onKeep={(r) => void keep(r)} />}
      >
        <p>
          <Link to={productPaths[journey.product].price}>Modifier mes réponses</Link>
        </p>
      </PriceResultsView>
    </Suspense>
  );
}

function Journey({ productId }: { productId: PriceProductId }) {
  const [params, setParams] = useSearchParams();
  const [step, setStep] = useState(1);
  // Read after the first render: the prerendered page knows no tab's storage.
  const [journey, setJourney] = useState<StoredJourney | null>(null);
  const showResults = params.has('resultats');
  useEffect(() => {
    setJourney(showResults ? loadJourney(productId) : null);
  }, [productId, showResults]);

  const priced = useCallback((j: StoredJourney) => {
    saveJourney(j);
    setJourney(j);
    setParams({ resultats: '1' });
  }, [setParams]);

  const copy = journeyCopy[productId];
  const results = showResults && journey;
  return (
    <>
      <div className="screen-only">
      <PageHeader
        title={`Votre prix d’assurance ${copy.title}`}
        lead={typeset('Sans compte et sans engagement : trois étapes, puis les prix de nos assureurs partenaires, expliqués ligne à ligne.')}
      >
        <PriceSteps names={stepNames(productId)} current={results ? 4 : step} />
      </PageHeader>
      </div>
      <section className="section">
        <div className="container price-layout">
          <NeedsJs />
          <div className="needs-js">
            {results ? <Results journey={journey} onChange={setJourney} /> : null}
            {/* Kept while the prices show, so « Modifier mes réponses » finds every answer. */}
            <div hidden={Boolean(results)}>
              <PriceFormView productId={productId} onStep={setStep} onPriced={priced} />
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

/** /prix/auto, /prix/moto, /prix/habitation, /prix/vtc, /prix/temporaire: the instant price of the route's product. */
export default function InstantPricePage() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const id = handle?.entry.product;
  if (!isPriceProduct(id)) return <MissingPage />;
  return <Journey key={id} productId={id} />;
}

/** Loads the product's rating data (its own chunk) before the page renders. */
export async function prepare(entry: RouteEntry): Promise<void> {
  if (isPriceProduct(entry.product)) await loadPriceProduct(entry.product);
}
