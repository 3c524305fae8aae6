import { company } from '../lib/company';
import type { CallToAction, PageLink, Step } from './types';
import { typesetAll } from '../lib/format';

/** The hero at the top of the home page. */
export const hero = typesetAll({
  title: "L'assurance qui vous ressemble, 100 % en ligne",
  pitch: `${company.name} est un courtier en assurance : nous comparons les offres de nos assureurs partenaires, nous vous conseillons et nous vous accompagnons de la souscription au sinistre, sans que vous ayez à vous déplacer.`,
  primary: { to: '/quote-request', label: 'Devis gratuit' } satisfies PageLink,
  secondary: { to: '/insurance', label: 'Nos assurances' } satisfies PageLink,
  /** The promise « de la souscription au sinistre » kept: the declaration online. */
  claim: { to: '/sinistres/declarer', label: 'Un sinistre ? Déclarez-le en ligne' } satisfies PageLink,
  promises: [
    'Devis gratuit et sans engagement',
    '2 minutes pour un devis auto',
    `Courtier immatriculé à l'ORIAS`,
  ],
});

/** The headings and introductions of the home page sections. */
export const homeSections = typesetAll({
  services: {
    title: 'Nos assurances',
    lead: "Particulier, indépendant ou chef d'entreprise : huit assurances pour protéger ce qui compte.",
    more: { to: '/insurance', label: 'Voir toutes nos assurances' } satisfies PageLink,
  },
  advantages: {
    title: `Pourquoi choisir ${company.name} ?`,
    lead: "La réactivité d'un service en ligne, le conseil d'un courtier.",
  },
  steps: {
    title: 'Comment ça marche ?',
    lead: 'Trois étapes, de votre demande à votre contrat.',
  },
});

/** The three steps of "how it works". */
export const homeSteps: Step[] = typesetAll([
  {
    title: 'Décrivez votre besoin',
    description: "Remplissez le formulaire de devis en ligne : 2 minutes suffisent pour une assurance auto, à peine plus pour les autres contrats.",
  },
  {
    title: 'Comparez nos propositions',
    description: 'Nous interrogeons nos assureurs partenaires et vous présentons les offres adaptées, avec leurs garanties, franchises et exclusions expliquées clairement.',
  },
  {
    title: 'Souscrivez en ligne',
    description: "Vous choisissez, vous signez électroniquement et vous envoyez vos justificatifs depuis votre espace client. Nous restons à vos côtés pendant toute la vie du contrat.",
  },
]);

/** The call to a free quote at the bottom of the home page. */
export const homeCta: CallToAction = typesetAll({
  title: 'Votre devis gratuit en quelques minutes',
  text: "Nos devis sont gratuits et sans engagement. Pour une assurance auto, comptez 2 minutes : gardez simplement votre permis et votre carte grise à portée de main.",
  link: { to: '/quote-request', label: 'Demander un devis gratuit' },
});
