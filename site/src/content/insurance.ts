import { company } from '../lib/company';
import type { Audience } from './products';
import type { CallToAction } from '../lib/text-types';
import { typesetAll } from '../lib/format';

/** The copy of the insurance overview page (/insurance). */
export const insurancePage = typesetAll({
  title: 'Nos assurances',
  lead: "Huit assurances pour les particuliers et les professionnels. Pour chacune, nous comparons les offres de nos assureurs partenaires et vous expliquons les garanties avant que vous ne choisissiez.",
  groups: [
    {
      audience: 'particuliers',
      title: 'Pour les particuliers',
      lead: 'Votre véhicule, votre logement, votre santé et vos proches.',
    },
    {
      audience: 'professionnels',
      title: 'Pour les professionnels',
      lead: 'Votre activité, vos véhicules et votre responsabilité.',
    },
  ] satisfies { audience: Audience; title: string; lead: string }[],
  help: {
    title: 'Vous hésitez entre plusieurs contrats ?',
    text: `Nos conseillers vous répondent aux heures d’ouverture et notre assistant en ligne ${company.online.description}. Dites-nous ce que vous voulez protéger : nous vous orientons vers la bonne assurance.`,
    link: { to: '/contact', label: 'Contacter un conseiller' },
  },
  cta: {
    title: 'Un devis gratuit pour chaque assurance',
    text: "Nos devis sont gratuits et sans engagement : 2 minutes pour une assurance auto, quelques minutes pour les autres.",
    link: { to: '/quote-request', label: 'Demander un devis gratuit' },
  } satisfies CallToAction,
});
