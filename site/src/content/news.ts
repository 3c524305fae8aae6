import { company } from '../lib/company';
import { typesetAll } from '../lib/format';

/** A news item of the broker or of the insurance market. */
export interface NewsItem {
  slug: string;
  /** Publication date, ISO 8601 (YYYY-MM-DD). */
  date: string;
  title: string;
  paragraphs: string[];
}

/** The copy of the news page (/news). */
export const newsPage = typesetAll({
  title: 'Actualités',
  lead: 'Les nouvelles du cabinet et les changements de l’assurance qui vous concernent.',
});

/** The news, newest first. */
export const newsItems: NewsItem[] = typesetAll([
  {
    slug: 'assurance-flotte-des-trois-vehicules',
    date: '2026-10-05',
    title: 'Assurance flotte : un contrat unique dès trois véhicules',
    paragraphs: [
      'Artisans, commerçants et petites entreprises nous l’ont souvent demandé : notre offre flotte automobile est désormais accessible dès trois véhicules. Voitures et utilitaires sont réunis dans un seul contrat, avec une échéance unique et des garanties choisies véhicule par véhicule.',
      'Les entrées et sorties de véhicules se font par simple demande, sans attendre l’échéance.',
    ],
  },
  {
    slug: 'espace-client-suivi-devis',
    date: '2026-06-02',
    title: 'Votre espace client affiche le suivi de vos devis',
    paragraphs: [
      'Chaque demande de devis apparaît maintenant dans votre espace client, à la page « Mes devis », avec son état d’avancement. Vous savez à tout moment où en est votre dossier, sans avoir à nous appeler.',
    ],
  },
  {
    slug: 'assistant-en-ligne',
    date: '2025-11-03',
    title: `Un assistant en ligne ${company.online.description}`,
    paragraphs: [
      'Notre assistant répond désormais à vos questions à toute heure, sur chaque page du site : garanties, documents à préparer, démarches. Pendant les heures d’ouverture, il vous met en relation avec un conseiller en un clic.',
      'Les conversations ne servent qu’à vous répondre et à améliorer nos réponses ; notre politique de confidentialité précise combien de temps elles sont conservées.',
    ],
  },
  {
    slug: 'offre-vtc',
    date: '2025-04-07',
    title: 'Une offre dédiée aux chauffeurs VTC',
    paragraphs: [
      "Les chauffeurs de voiture de transport avec chauffeur ont des besoins que les contrats auto classiques ne couvrent pas, à commencer par le transport de passagers contre rémunération. Nous proposons désormais des contrats VTC conformes aux exigences de la réglementation et des plateformes de réservation, y compris pour les chauffeurs qui débutent.",
    ],
  },
  {
    slug: 'surprime-catastrophes-naturelles-2025',
    date: '2024-12-16',
    title: 'Catastrophes naturelles : la surprime augmente au 1er janvier 2025',
    paragraphs: [
      'La contribution qui finance le régime des catastrophes naturelles, prélevée sur les contrats d’assurance de biens, passe de 12 % à 20 % de la cotisation dommages pour les contrats habitation et professionnels, et de 6 % à 9 % pour les garanties vol et incendie des contrats auto. Cette hausse, fixée par arrêté, s’applique à tous les assureurs.',
      'Elle vise à faire face à la multiplication des sécheresses, inondations et tempêtes. Vos garanties ne changent pas ; si vous avez des questions sur l’évolution de votre cotisation, nos conseillers vous répondent.',
    ],
  },
  {
    slug: 'ouverture-du-cabinet',
    date: '2024-09-16',
    title: `${company.name} ouvre ses portes`,
    paragraphs: [
      `${company.name}, courtier en assurance 100 % en ligne, est immatriculé à l’ORIAS et accueille ses premiers clients depuis ${company.city}. Auto, habitation, santé, prévoyance, assurance professionnelle : nos conseillers comparent les offres de nos assureurs partenaires pour vous.`,
    ],
  },
]);
