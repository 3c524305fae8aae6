// The calls of the instant-price journey: the vehicle catalogue, the
// prices, keeping them, and reading the kept ones.
import { api } from '../../lib/api';
import type { FormulaDeductible, PriceProductId } from './rates';

/** A vehicle of the catalogue (GET /api/vehicles). */
export interface Vehicle {
  id: string;
  kind: 'car' | 'moto';
  make: string;
  model: string;
  /** The model's generation as people say it (« III »), absent for a model of one. */
  generation?: string;
  version: string;
  energy: string;
  fiscalPower: number;
  powerKw: number;
  valueNewCents: number;
  fromYear: number;
  /** The last model year, 0 (as the server sends it) or absent while it is still sold. */
  toYear?: number;
  body: string;
}

/** One insurer's price for one formula; amounts in euro cents. */
export interface Price {
  id: string;
  insurer: string;
  insurerId: string;
  formula: string;
  formulaId: string;
  rank: number;
  premiumCents: number;
  taxesCents: number;
  /** The yearly price with taxes; for a temporary contract, the whole period's. */
  yearlyCents: number;
  /** 0 when there is no monthly payment (temporary). */
  monthlyCents: number;
  periodDays: number;
  deductibleCents: number;
  deductibles: FormulaDeductible[];
  guarantees: string[];
  options?: string[];
  /** Every step of the price in French (« Pourquoi ce prix ? »). */
  trace: string[];
}

/** The formula the broker advises, and why in one sentence. */
export interface Recommendation {
  id: string;
  insurer: string;
  formula: string;
  reason: string;
}

/** The needs told before the prices (duty to advise). */
export interface Needs {
  covers: string[];
  budgetMonthlyCents?: number;
  budgetCents?: number;
  deductible?: 'low' | 'medium' | 'high';
  existingCover?: 'none' | 'elsewhere';
}

/** The answers sent to POST /api/prices, with the keys of docs/pricing.md. */
export type PriceAnswers = Record<string, string | number | boolean | string[]>;

/** Prices saved on the server: an answer of POST /api/prices, or a kept quote. */
export interface PriceQuote {
  id: string;
  product: PriceProductId;
  prices: Price[];
  recommended: Recommendation | null;
  tariffVersion: string;
  validDays: number;
  /** The last day the prices hold: "2026-12-27". */
  validUntil: string;
  disclaimer: string;
  notes?: string[];
  /** Given back when the server keeps them. */
  needs?: Needs;
  answers?: PriceAnswers;
  keptAt?: string;
  consent?: boolean;
  /** The id of the price the client chose, if any. */
  chosen?: string;
}

/** The answer of POST /api/prices: the saved quote and the secret that keeps it. */
export interface PricedQuote extends PriceQuote {
  key: string;
}

/** Vehicles of a kind matching text, best first (at most 20). */
export function searchVehicles(kind: 'car' | 'moto', text: string, signal?: AbortSignal): Promise<Vehicle[]> {
  const query = new URLSearchParams({ kind, q: text });
  return api<Vehicle[]>('GET', `/api/vehicles?${query.toString()}`, undefined, signal);
}

/** Prices a profile; a 400 names the refused fields (ApiError.errors). */
export function requestPrices(product: PriceProductId, answers: PriceAnswers, needs: Needs): Promise<PricedQuote> {
  return api<PricedQuote>('POST', '/api/prices', { product, answers, needs });
}

/** What to send to keep prices: the secret, and for a visitor the address to write to. */
export interface KeepRequest {
  key: string;
  email?: string;
  consent: boolean;
  chosen?: string;
}

/** Keeps prices: in the signed-in client's account ({ quote }), or by e-mail for a visitor ({ message }). */
export function keepPrices(id: string, body: KeepRequest): Promise<{ quote?: PriceQuote; message?: string }> {
  return api<{ quote?: PriceQuote; message?: string }>('POST', `/api/prices/${encodeURIComponent(id)}/keep`, body);
}

/** The signed-in client's kept prices, newest first. */
export async function listKeptPrices(): Promise<PriceQuote[]> {
  return (await api<{ quotes: PriceQuote[] }>('GET', '/api/prices')).quotes;
}

/** Kept prices of the signed-in owner. */
export async function getKeptPrices(id: string): Promise<PriceQuote> {
  return (await api<{ quote: PriceQuote }>('GET', `/api/prices/${encodeURIComponent(id)}`)).quote;
}

/** Kept prices from the e-mail's link. */
export async function getLinkedPrices(token: string): Promise<PriceQuote> {
  return (await api<{ quote: PriceQuote }>('GET', `/api/prices/link?${new URLSearchParams({ token }).toString()}`)).quote;
}
