import { company } from '../lib/company';
import { typesetAll } from '../lib/format';

/** The address applications are sent to: `recrutement@` on the domain of the contact e-mail. */
export const jobsEmail = `recrutement@${company.email.slice(company.email.indexOf('@') + 1)}`;

/** A job offer. */
export interface JobOffer {
  slug: string;
  title: string;
  /** CDI, CDD, alternance… */
  contract: string;
  place: string;
  /** Publication date, ISO 8601 (YYYY-MM-DD). */
  published: string;
  description: string;
  missions: string[];
  profile: string[];
}

const place = `${company.city} (télétravail partiel)`;

/** The copy of the careers page (/careers). */
export const careersPage = typesetAll({
  title: 'Rejoignez-nous',
  lead: `${company.name} recrute des conseillers, des gestionnaires et des développeurs qui veulent rendre l’assurance plus simple. Nos bureaux sont à ${company.city}, avec une part de télétravail pour tous les postes.`,
  why: {
    title: 'Travailler chez nous',
    items: [
      { title: 'Un métier de conseil', description: 'Nos conseillers n’ont pas d’objectif de vente par produit : ils sont évalués sur la qualité du conseil et la satisfaction des clients.' },
      { title: 'La formation continue', description: 'Au-delà des 15 heures de formation annuelle exigées des distributeurs d’assurance, chacun dispose d’un budget de formation et de temps pour s’en servir.' },
      { title: 'Du télétravail', description: "Deux à trois jours de télétravail par semaine selon le poste, et des bureaux au centre de la ville pour se retrouver." },
      { title: 'Une équipe à taille humaine', description: 'Des décisions rapides, des idées écoutées et un dirigeant disponible.' },
    ],
  },
  apply: {
    title: 'Comment postuler ?',
    text: 'Envoyez votre CV et quelques lignes sur ce qui vous motive, en précisant l’intitulé du poste dans l’objet de votre message, à',
    answer: 'Nous répondons à chaque candidature. Vos documents sont conservés pendant deux ans au plus, sauf si vous nous demandez de les supprimer plus tôt.',
    spontaneous: 'Aucune offre ne vous correspond ? Les candidatures spontanées sont les bienvenues à la même adresse.',
  },
});

/** The open positions, newest first. */
export const jobOffers: JobOffer[] = typesetAll([
  {
    slug: 'conseiller-assurance-particuliers',
    title: 'Conseiller en assurance IARD particuliers (H/F)',
    contract: 'CDI',
    place,
    published: '2026-11-02',
    description: "Vous accompagnez nos clients particuliers dans le choix de leurs assurances auto, habitation et santé, par téléphone, par e-mail et dans le chat du site.",
    missions: [
      'Analyser les besoins des clients et comparer les offres de nos assureurs partenaires',
      'Expliquer les garanties, les exclusions et les franchises, et formaliser le devoir de conseil',
      'Accompagner la souscription en ligne et les changements en cours de contrat',
      'Prendre le relais de l’assistant en ligne lorsque le client demande un conseiller',
    ],
    profile: [
      'Formation Bac+2 en assurance (BTS Assurance ou équivalent) ou capacité professionnelle d’intermédiaire en assurance',
      'Une première expérience en relation client, idéalement en assurance',
      'Le goût d’expliquer simplement des sujets techniques',
      'Une expression écrite soignée',
    ],
  },
  {
    slug: 'gestionnaire-sinistres',
    title: 'Gestionnaire sinistres (H/F)',
    contract: 'CDI',
    place,
    published: '2026-10-14',
    description: 'Vous êtes l’interlocuteur de nos clients quand survient un sinistre : vous les guidez dans la déclaration et suivez leur dossier jusqu’à l’indemnisation.',
    missions: [
      'Recevoir les déclarations de sinistres et vérifier les pièces du dossier',
      'Assurer le lien avec les assureurs, les experts et les réparateurs',
      'Relancer les dossiers et informer les clients de leur avancement',
      'Participer au traitement des réclamations',
    ],
    profile: [
      'Une expérience de deux ans au moins en gestion de sinistres IARD',
      'La connaissance des conventions entre assureurs (IRSA, IRSI)',
      'Rigueur, organisation et sens de l’écoute',
    ],
  },
  {
    slug: 'developpeur-full-stack',
    title: 'Développeur full stack Go et React (H/F)',
    contract: 'CDI',
    place,
    published: '2026-09-08',
    description: "Vous faites évoluer notre site, notre espace client et nos outils internes, en lien direct avec les conseillers qui les utilisent chaque jour.",
    missions: [
      'Développer de nouvelles fonctionnalités côté serveur (Go, SQLite) et côté navigateur (React, TypeScript)',
      'Écrire les tests et veiller à la sécurité et à l’accessibilité des pages',
      'Améliorer l’assistant en ligne et les outils de suivi des demandes',
      'Participer aux choix techniques et à la revue de code',
    ],
    profile: [
      'Trois ans d’expérience au moins en développement web',
      'Une bonne pratique de Go ou l’envie sincère de l’apprendre, et de TypeScript',
      'Le souci des données personnelles et de l’accessibilité',
    ],
  },
  {
    slug: 'alternance-charge-clientele',
    title: 'Chargé de clientèle en alternance, BTS Assurance (H/F)',
    contract: 'Alternance (contrat d’apprentissage, 24 mois)',
    place,
    published: '2026-06-15',
    description: 'Vous préparez votre BTS Assurance en apprenant le métier aux côtés de nos conseillers, de la demande de devis au suivi des contrats.',
    missions: [
      'Répondre aux demandes des clients par téléphone, par e-mail et dans le chat',
      'Préparer les devis et vérifier les pièces justificatives',
      'Suivre les demandes de modification et les attestations',
    ],
    profile: [
      'Baccalauréat obtenu et admission en BTS Assurance pour la rentrée',
      'Le sens du service et une bonne aisance à l’oral comme à l’écrit',
    ],
  },
]);
