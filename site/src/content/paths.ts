// The site paths of the instant prices, and the reasons of the products on
// study: small, so the product pages do not carry the whole rating file
// (the summary module of vite.config.ts).
import { onStudy as studies } from '../../../pkg/pricing/rates.json?summary';
import { typesetAll } from '../lib/format';

/** The site paths of each product's journey and IPID. */
export const productPaths = {
  car: { price: '/prix/auto', ipid: '/ipid/auto' },
  moto: { price: '/prix/moto', ipid: '/ipid/moto' },
  home: { price: '/prix/habitation', ipid: '/ipid/habitation' },
  vtc: { price: '/prix/vtc', ipid: '/ipid/vtc' },
  temp: { price: '/prix/temporaire', ipid: '/ipid/temporaire' },
} as const;

/** A product studied by an adviser: its label and why it is not priced at once. */
export interface StudyProduct {
  label: string;
  reason: string;
}

/** The products studied by an adviser (health, life, pro, fleet), from the rating file. */
export const onStudy: Record<string, StudyProduct | undefined> = typesetAll(studies);

/** The subscription of a kept price (/souscrire, signed in). */
export function subscribePath(priceId: string): string {
  return `/souscrire?prix=${encodeURIComponent(priceId)}`;
}
