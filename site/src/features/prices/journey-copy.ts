import type { PriceProductId } from './rates';

/** The words of each product's journey: what is insured, who, and the steps' titles. */
export const journeyCopy: Record<PriceProductId, { subject: string; person: string; title: string }> = {
  car: { subject: 'Votre voiture', person: 'Vous, conducteur principal', title: 'auto' },
  moto: { subject: 'Votre moto ou scooter', person: 'Vous, pilote', title: 'moto' },
  vtc: { subject: 'Votre voiture de VTC', person: 'Vous, chauffeur', title: 'VTC' },
  temp: { subject: 'La voiture à assurer', person: 'Le conducteur et la durée', title: 'temporaire' },
  home: { subject: 'Votre logement', person: 'Le lieu et vos biens', title: 'habitation' },
};

/** The steps' names in the step indicator. */
export function stepNames(product: PriceProductId): string[] {
  const c = journeyCopy[product];
  return [c.subject, c.person, 'Vos besoins', 'Vos prix'];
}
