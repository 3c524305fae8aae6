import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { keepPrices } from './api';
import { KeepPrices, keepError } from './keep-prices';
import { PriceResultsView } from './price-results-view';
import { productPaths } from '../../content/paths';
import { updateJourney, saveJourney, type StoredJourney } from './storage';

/** Keeping the prices: where it stands. */
type Keeping = { busy: boolean; error?: { field?: string; message: string }; sent?: string };

/** The results, « Garder mes prix » and, back from /login or /register, keeping them at once. */
export function JourneyResults({ journey, onChange }: { journey: StoredJourney; onChange: (j: StoredJourney) => void }) {
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
    <PriceResultsView
      quote={journey.quote} needs={journey.needs} subject={journey.subject} chosen={journey.chosen} onChoose={choose}
      date={new Date().toISOString().slice(0, 10)} focus
      after={<KeepPrices user={user} returnTo={returnTo} busy={keeping.busy} error={keeping.error} sent={keeping.sent} onKeep={(r) => void keep(r)} />}
    >
      <p>
        <Link to={productPaths[journey.product].price}>Modifier mes réponses</Link>
      </p>
    </PriceResultsView>
  );
}
