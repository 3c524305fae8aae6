import type { CallToAction, FaqEntry, Feature, Step } from '../lib/text-types';
import { quoteRequestPath } from '../lib/routes';
import { typesetAll } from '../lib/format';

/** The ids of the eight insurance products, as in site/routes.json and the company profile. */
export const productIds = ['car', 'home', 'health', 'life', 'pro', 'vtc', 'fleet', 'temp'] as const;

/** The id of an insurance product. */
export type ProductId = (typeof productIds)[number];

/** Tells whether a route's product id is one of the eight products. */
export function isProductId(id: string | undefined): id is ProductId {
  return productIds.some((p) => p === id);
}

/** Who a product is mainly for, to group the overview page. */
export type Audience = 'particuliers' | 'professionnels';

/** What the overview and every product page show of a product: its audience and its selling points. */
export interface ProductSummary {
  audience: Audience;
  /** Two or three short selling points, shown as tags. */
  highlights: string[];
}

/** The rest of a product page's copy, in a module of its own per product (content/products/). */
export interface ProductDetails {
  /** The paragraph under the h1. */
  intro: string;
  /** The main formulas or contract types, when the product has several. */
  formulas?: { title: string; lead: string; items: Feature[] };
  /** What the contract covers. */
  coverages: Feature[];
  /** Options and extra guarantees. */
  options: Feature[];
  /** Who the product is for. */
  forWhom: string[];
  /** What to have at hand for the quote and the subscription. */
  documents: string[];
  steps: Step[];
  /** Points worth knowing: rules, deadlines, obligations. */
  goodToKnow: Feature[];
  faq: FaqEntry[];
  cta: CallToAction;
}

/** The page copy of one insurance product. The title comes from the company profile. */
export type ProductContent = ProductSummary & ProductDetails;

/** The call to action of a product: its request on study. */
export const quoteLink = (product: ProductId, label = 'Demander mon devis gratuit') => ({ to: quoteRequestPath(product), label });

/** The audience and selling points of the eight products. */
export const productSummaries: Record<ProductId, ProductSummary> = typesetAll({
  car: {
    audience: 'particuliers',
    highlights: ['Devis en 2 minutes', 'Assistance 0 km', 'Voiture et deux-roues'],
  },
  home: {
    audience: 'particuliers',
    highlights: ['Locataire ou propriétaire', 'Attestation dès la souscription', 'Responsabilité civile incluse'],
  },
  health: {
    audience: 'particuliers',
    highlights: ['100 % santé inclus', 'Tiers payant', 'Seul ou en famille'],
  },
  life: {
    audience: 'particuliers',
    highlights: ['Épargne et transmission', 'Retraite', 'Protection de la famille'],
  },
  pro: {
    audience: 'professionnels',
    highlights: ['RC pro', 'Multirisque', 'Décennale'],
  },
  vtc: {
    audience: 'professionnels',
    highlights: ['RC transport de personnes', 'Attestation pour les plateformes', 'Assistance 0 km'],
  },
  fleet: {
    audience: 'professionnels',
    highlights: ['Dès 3 véhicules', 'Un seul contrat', 'Garanties modulables'],
  },
  temp: {
    audience: 'particuliers',
    highlights: ['De 1 à 90 jours', 'Sans reconduction', 'Attestation immédiate'],
  },
});

/** Typesets a product's details, as the product modules write them. */
export function productDetails(details: ProductDetails): ProductDetails {
  return typesetAll(details);
}

// Each product page loads its own copy, not the eight (the public pages' JavaScript budget).
const detailModules = import.meta.glob<{ default: ProductDetails }>('./products/*.ts');
const loaded = new Map<ProductId, ProductContent>();

/** Loads the copy of a product page; once loaded, productContent returns it at once. */
export async function loadProduct(id: ProductId): Promise<ProductContent> {
  const have = loaded.get(id);
  if (have) return have;
  const importer = detailModules[`./products/${id}.ts`];
  if (!importer) throw new Error(`no copy for the product ${id}`);
  const content = { ...productSummaries[id], ...(await importer()).default };
  loaded.set(id, content);
  return content;
}

/** The copy of a product page loaded by loadProduct, or undefined before. */
export function productContent(id: ProductId): ProductContent | undefined {
  return loaded.get(id);
}
