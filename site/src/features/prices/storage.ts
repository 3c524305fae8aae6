// The journey's prices in sessionStorage: they survive a reload and the
// round trip through /login or /register, after which the results page
// keeps them with the saved key. Nothing outlives the tab.
import type { Needs, PricedQuote } from './api';
import type { PriceProductId } from './rates';

/** What the browser keeps of a journey: the prices, their secret key, the needs and what was insured. */
export interface StoredJourney {
  product: PriceProductId;
  quote: PricedQuote;
  needs: Needs;
  /** What is insured, in words: « Peugeot 208 1.2 PureTech 100 Active — essence, 5 CV ». */
  subject?: string;
  /** The price the visitor chose, if any. */
  chosen?: string;
  /** The prices were kept already (in the account or by e-mail). */
  kept?: 'account' | 'email';
}

const storageKey = 'courtier.prix';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers the journey's prices for this tab. */
export function saveJourney(journey: StoredJourney): void {
  try {
    storage()?.setItem(storageKey, JSON.stringify(journey));
  } catch {
    // A full or refused storage only loses the round trip; the prices stay on screen.
  }
}

/** The prices of this tab's journey for a product, if any. */
export function loadJourney(product: PriceProductId): StoredJourney | null {
  const raw = storage()?.getItem(storageKey);
  if (!raw) return null;
  try {
    const j = JSON.parse(raw) as StoredJourney;
    return j.product === product && j.quote?.id && j.quote.key ? j : null;
  } catch {
    return null;
  }
}

/** Changes the stored journey, if there is one for the product. */
export function updateJourney(product: PriceProductId, change: Partial<StoredJourney>): void {
  const j = loadJourney(product);
  if (j) saveJourney({ ...j, ...change });
}
