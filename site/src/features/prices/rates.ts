// The rating file of the instant prices, pkg/pricing/rates.json, as the
// site reads it: each product's form (keys, labels, bounds, French
// messages), the needs of the duty to advise, the formulas with their
// guarantees and IPID, the insurers, the disclaimer. Go validates and
// prices with the same file, so the form never asks what the server refuses.
// The site never prices: it reads the file without its premiums, factors
// and taxes, and each product apart (the views of vite.config.ts), loaded
// with the page that needs it (loadPriceForm, loadPriceProduct).
import * as site from '../../../../pkg/pricing/rates.json?site';
import { coverViews, formViews, priceProductIds as productIds } from '../../../../pkg/pricing/products.json?price';
import { typesetAll } from '../../lib/format';
import type { RouteEntry } from '../../lib/routes';

/**
 * The id of a product priced at once: the products whose texts the site
 * has (journey-copy.ts, paths.ts, content/), which TypeScript checks
 * complete; products.test.ts checks it names every product of the specs.
 */
export type PriceProductId = 'car' | 'moto' | 'home' | 'vtc' | 'temp';

/** The products priced at once, in the site's order (pkg/pricing/products.json, made from the Go specs). */
export const priceProductIds = productIds as readonly PriceProductId[];

/** Tells whether a route's product id is priced at once. */
export function isPriceProduct(id: string | undefined): id is PriceProductId {
  return priceProductIds.some((p) => p === id);
}

/** An option of a choice: the value sent and its French label. */
export interface RateChoice {
  id: string;
  label: string;
}

/** How a question is asked and checked (pkg/pricing/profile.go). */
export type FormFieldType =
  | 'date' | 'licence' | 'bool' | 'crm' | 'postalCode' | 'vehicle' | 'vehicleYear' | 'choice' | 'int' | 'cents' | 'options'
  // A vehicle not in the catalogue (describe-vehicle.tsx): not in the journey's form.
  | 'vehicleText' | 'vehicleChoice' | 'vehicleInt' | 'vehicleCents';

/** One question of a product's form, with its bounds and its French message. */
export interface FormField {
  key: string;
  label: string;
  type: FormFieldType;
  message: string;
  optional?: boolean;
  min?: number;
  max?: number;
  unit?: string;
  minAge?: number;
  maxAge?: number;
  exemptEnergies?: string[];
  minAgeAtLicence?: number;
  minYears?: number;
  minYearsSupervised?: number;
  choices?: RateChoice[];
}

/** A need the client may ask to be covered. */
export interface NeedCover {
  id: string;
  label: string;
  /** The words of the recommendation's sentence: "le vol et l’incendie". */
  short: string;
}

/** A deductible tolerance: the highest main deductible it accepts, none for "high". */
export interface DeductibleTolerance {
  id: 'low' | 'medium' | 'high';
  label: string;
  maxCents?: number;
}

/** The needs a product asks before its prices (duty to advise). */
export interface ProductNeeds {
  covers: NeedCover[];
  /** "monthly": a budget per month; "total": for the whole period (temporary). */
  budget: 'monthly' | 'total';
  deductibles: DeductibleTolerance[];
}

/** A deductible of a formula. */
export interface FormulaDeductible {
  id: string;
  label: string;
  cents: number;
  main?: boolean;
}

/** A formula of a product (Tiers, Confort…), the same at every insurer. */
export interface Formula {
  id: string;
  label: string;
  rank: number;
  covers: string[];
  guarantees: string[];
  deductibles: FormulaDeductible[];
  notCovered: string[];
}

/** An option bought on top of a formula (home, VTC). */
export interface ProductOption {
  id: string;
  label: string;
  cents: number;
}

/** The product's part of the IPID, the same for each formula. */
export interface ProductIpid {
  type: string;
  exclusions: string[];
  where: string;
  obligations: string[];
  payment: string;
  period: string;
  cancel: string;
}

/** What a product's journey asks first: its questions and options. */
export interface PriceForm {
  label: string;
  vehicleKind?: 'car' | 'moto';
  temporary?: boolean;
  form: FormField[];
  options?: ProductOption[];
}

/** A product priced at once, whole: its form, the needs its last step asks, its formulas and its IPID. */
export interface PriceProduct extends PriceForm {
  needs: ProductNeeds;
  formulas: Formula[];
  ipid: ProductIpid;
}

/** The keys of the nine IPID sections, in the regulation's order. */
export type IpidKey = 'type' | 'covered' | 'notCovered' | 'exclusions' | 'where' | 'obligations' | 'payment' | 'period' | 'cancel';

// Two chunks per product (vite.config.ts), loaded by formViews and
// coverViews: the journey's first screen needs the form alone, its last the needs.
const forms = new Map<PriceProductId, PriceForm>();
const products = new Map<PriceProductId, PriceProduct>();

/** Loads what a product's journey asks (its own chunk); priceForm then returns it at once. */
export async function loadPriceForm(id: PriceProductId): Promise<PriceForm> {
  const have = forms.get(id);
  if (have) return have;
  const { form } = await formViews[id]!();
  const typeset = typesetAll(form as PriceForm);
  forms.set(id, typeset);
  return typeset;
}

/** Loads a product's rating data whole (its form and its cover); priceProduct then returns it at once. */
export async function loadPriceProduct(id: PriceProductId): Promise<PriceProduct> {
  const have = products.get(id);
  if (have) return have;
  const [form, { cover }] = await Promise.all([loadPriceForm(id), coverViews[id]!()]);
  const product: PriceProduct = { ...form, ...typesetAll(cover as Pick<PriceProduct, 'needs' | 'formulas' | 'ipid'>) };
  products.set(id, product);
  return product;
}

/** Whether a product's rating data is whole in (loadPriceProduct resolved): priceProduct then returns it. */
export function priceProductLoaded(id: PriceProductId): boolean {
  return products.has(id);
}

/** The journey's prepare: loads its route's product form before its first render. */
export async function preparePriceForm(entry: RouteEntry): Promise<void> {
  if (isPriceProduct(entry.product)) await loadPriceForm(entry.product);
}

/** The IPID page's prepare: loads its route's product whole before its first render. */
export async function preparePriceProduct(entry: RouteEntry): Promise<void> {
  if (isPriceProduct(entry.product)) await loadPriceProduct(entry.product);
}

/** Loads the rating data of every product among `ids`. */
export async function loadPriceProducts(ids: Iterable<PriceProductId>): Promise<void> {
  await Promise.all([...new Set(ids)].map(loadPriceProduct));
}

/** The version of the tariff the form was built from. */
export const tariffVersion = site.version;

/** How many days a price holds. */
export const validDays = site.validDays;

/** « Prix indicatif, confirmé après vérification de vos justificatifs. » */
export const disclaimer = typesetAll(site.disclaimer);

/** The partner insurers, fictional like the broker. */
export const insurers = typesetAll(site.insurers);

/** A product's rating data, loaded before by loadPriceProduct (a page's prepare, or its data's loading). */
export function priceProduct(id: PriceProductId): PriceProduct {
  const product = products.get(id);
  if (!product) throw new Error(`the rating data of ${id} is not loaded`);
  return product;
}

/** What a product's journey asks, loaded before by loadPriceForm or loadPriceProduct. */
export function priceForm(id: PriceProductId): PriceForm {
  const form = forms.get(id);
  if (!form) throw new Error(`the form of ${id} is not loaded`);
  return form;
}

/** The lines of each IPID section of a formula, as pkg/pricing's Tariff.IPID writes them. */
export function formulaIpid(product: PriceProduct, formula: Formula): Record<IpidKey, string[]> {
  const ip = product.ipid;
  return {
    type: [ip.type], covered: formula.guarantees, notCovered: formula.notCovered, exclusions: ip.exclusions,
    where: [ip.where], obligations: ip.obligations, payment: [ip.payment], period: [ip.period], cancel: [ip.cancel],
  };
}
