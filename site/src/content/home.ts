import { company } from '../lib/company';
import type { CallToAction, PageLink, Step } from '../lib/text-types';
import { formatEuros, typesetAll } from '../lib/format';
import starting from '../../../pkg/pricing/starting-prices.json';
import { insurerNames } from '../../../pkg/pricing/rates.json?summary';
import { advantages } from '../../../pkg/company/company.json?advantages';
import type { Advantage } from '../lib/company';
import { productPaths } from './paths';
import { quoteRequestPath } from '../lib/routes';

/** The hero at the top of the home page. */
export const hero = typesetAll({
  eyebrow: `Courtier en assurance immatriculé à l’ORIAS`,
  title: 'Votre assurance au juste prix, comparée pour vous',
  pitch: `Nous comparons les formules de nos assureurs partenaires et vous donnons votre prix tout de suite pour l’auto, la moto, l’habitation, le VTC et l’assurance temporaire. Vous souscrivez et signez en ligne ; un conseiller reste joignable à chaque étape.`,
  /** The product picker's label and button. */
  pick: 'Votre assurance',
  submit: 'Obtenir mon prix',
  pickNote: 'Prix immédiat pour l’auto, la moto, l’habitation, le VTC et la temporaire ; étude par un conseiller pour les autres.',
  /** The promise « de la souscription au sinistre » kept: the declaration online. */
  claim: { to: '/sinistres/declarer', label: 'Un sinistre ? Déclarez-le en ligne' } satisfies PageLink,
});

/** One choice of the hero's product picker and where it leads. */
export interface PriceChoice {
  value: string;
  label: string;
  to: string;
}

/** The products of the hero's picker: priced at once first, then on study. */
export const priceChoices: PriceChoice[] = typesetAll([
  ...([['car', 'Auto'], ['moto', 'Moto'], ['home', 'Habitation'], ['vtc', 'VTC'], ['temp', 'Auto temporaire']] as const)
    .map(([value, label]) => ({ value, label, to: productPaths[value].price })),
  ...([['health', 'Santé'], ['life', 'Vie et prévoyance'], ['pro', 'Professionnels'], ['fleet', 'Flotte automobile']] as const)
    .map(([value, label]) => ({ value, label: `${label} (étude par un conseiller)`, to: quoteRequestPath(value) })),
]);

/** The trust strip under the hero: the partner insurers (the rating file's) and the registration. */
export const trust = typesetAll({
  partnersTitle: 'Nos assureurs partenaires',
  partners: insurerNames,
  orias: `ORIAS n° ${company.orias}`,
  oriasLink: { to: '/mentions-legales', label: 'Mentions légales' } satisfies PageLink,
});

/** A starting price of the engine (pkg/pricing/starting-prices.json). */
interface Starting {
  product: string;
  monthlyCents: number;
  yearlyCents: number;
  periodDays?: number;
  profile: string;
}

const startingOf = (id: string) => (starting as Starting[]).find((s) => s.product === id);

/** « à partir de 30,92 €/mois » of a product, or « 115,49 € les 7 jours » when it is paid once. */
function fromPrice(s: Starting): { amount: string; unit: string } {
  return s.monthlyCents > 0
    ? { amount: formatEuros(s.monthlyCents), unit: '/mois' }
    : { amount: formatEuros(s.yearlyCents), unit: ` les ${s.periodDays} jours` };
}

/** What each product card says beside its title: its starting price, or that an adviser studies it. */
export interface CardPrice {
  from?: { amount: string; unit: string };
  study?: string;
}

/** The starting price each service card shows, by product: the engine's when it prices the product at once (the car card is the car's; moto has its own journey), else an adviser's study. */
export const cardPrices: Record<string, CardPrice | undefined> = typesetAll(Object.fromEntries(company.services.map((s) => {
  const from = startingOf(s.id);
  return [s.id, from ? { from: fromPrice(from) } : { study: 'Sur étude par un conseiller' }];
})));

const productName = (id: string) => priceChoices.find((c) => c.value === id)?.label ?? id;

/** The reference profiles behind the starting prices, stated as such under the cards. */
export const referenceProfiles = typesetAll({
  title: 'Prix « à partir de » : les profils de référence',
  lead: 'Le prix le plus bas de nos assureurs partenaires, taxes comprises, calculé par notre moteur de tarification pour un profil courant. Votre prix dépend de votre profil : obtenez-le en quelques minutes.',
  items: (starting as Starting[]).map((s) => ({ product: productName(s.product), ...fromPrice(s), profile: s.profile })),
});

/** The headings and introductions of the home page sections. */
export const homeSections = typesetAll({
  services: {
    title: 'Nos assurances',
    lead: 'Particulier, indépendant ou chef d’entreprise : huit assurances pour protéger ce qui compte.',
    more: { to: '/insurance', label: 'Voir toutes nos assurances' } satisfies PageLink,
  },
  advantages: {
    title: `Pourquoi choisir ${company.name} ?`,
    lead: 'La réactivité d’un service en ligne, le conseil d’un courtier.',
  },
  steps: {
    title: 'Comment ça marche ?',
    lead: 'Trois étapes, de votre prix à votre contrat.',
  },
});

/** The three steps of "how it works". */
export const homeSteps: Step[] = typesetAll([
  {
    title: 'Obtenez votre prix',
    description: 'Répondez à quelques questions : nous comparons les formules de nos assureurs partenaires et vous montrons leurs prix tout de suite, avec ce qu’ils couvrent. Santé, vie, pro et flotte : un conseiller étudie votre demande.',
  },
  {
    title: 'Choisissez, conseillé',
    description: 'Nous vous recommandons la formule qui répond à vos besoins et vous expliquons garanties, franchises et exclusions. Gardez vos prix dans votre espace pour y revenir.',
  },
  {
    title: 'Souscrivez en ligne',
    description: 'Vous signez électroniquement, vous envoyez vos justificatifs et suivez vos contrats et vos sinistres depuis votre espace client. Un conseiller reste à vos côtés.',
  },
]);

/** The call to a price at the bottom of the home page. */
export const homeCta: CallToAction = typesetAll({
  title: 'Votre prix en quelques minutes',
  text: 'Pour une assurance auto, gardez simplement votre permis et votre carte grise à portée de main. Nos prix sont gratuits et sans engagement.',
  link: { to: '/prix/auto', label: 'Obtenir mon prix auto' },
});

/** The six advantages of the company profile, shown on the home page only. */
export const homeAdvantages: Advantage[] = typesetAll(advantages);
