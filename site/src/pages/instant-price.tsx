import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useMatches, useSearchParams } from 'react-router-dom';
import type { RouteHandle } from '../lib/routes';
import { NeedsJs } from '../components/needs-js';
import { PageHeader } from '../components/page-header';
import { typeset } from '../lib/format';
import { journeyCopy, stepNames } from '../features/prices/journey-copy';
import { PriceFormView } from '../features/prices/price-form-view';
import { Loading } from '../components/loading';
import { PriceSteps } from '../features/prices/price-steps';
import { isPriceProduct, loadPriceProduct, preparePriceForm, priceProductLoaded, type PriceProductId } from '../features/prices/rates';
import { loadJourney, saveJourney, type StoredJourney } from '../features/prices/storage';
import '../features/prices/prices.css';
import { island } from '../lib/island';

// Only a wrong address shows it (an unknown product): its code loads then.
const MissingPage = island(() => import('./not-found').then((m) => m.default));

// The prices, with « Garder mes prix », load with the prices, not with the form's first step.
const loadResults = () => import('../features/prices/journey-results');
const Results = lazy(() => loadResults().then((m) => ({ default: m.JourneyResults })));

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

  // The formulas and IPID (the advice sheet under the prices) load from
  // the last step on, so they are in when the prices come.
  const [cover, setCover] = useState<'loading' | 'ready' | { failed: unknown }>(() => (priceProductLoaded(productId) ? 'ready' : 'loading'));
  const wantCover = step === 3 || showResults;
  useEffect(() => {
    if (!wantCover) return;
    // Opened at the prices (a reload, a link): their code loads alongside, not after.
    if (showResults) void loadResults().catch(() => {});
    let live = true;
    loadPriceProduct(productId).then(
      () => live && setCover('ready'),
      (e: unknown) => live && setCover({ failed: e }),
    );
    return () => {
      live = false;
    };
  }, [productId, wantCover, showResults]);
  // A chunk that failed to load: the route's error screen offers to reload.
  if (typeof cover === 'object') throw cover.failed;

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
            {results ? (
              cover === 'ready' ? (
                <Suspense fallback={<Loading />}>
                  <Results journey={journey} onChange={setJourney} />
                </Suspense>
              ) : <Loading />
            ) : null}
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

/** Loads the product's form (its own chunk) before the page renders. */
export const prepare = preparePriceForm;
