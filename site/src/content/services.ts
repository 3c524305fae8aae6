import { company } from '../lib/company';
import type { CallToAction, PageLink, TextSection } from '../lib/text-types';
import { typesetAll } from '../lib/format';

/** One service of the broker, with what it includes and where to go next. */
export interface BrokerService {
  id: string;
  title: string;
  summary: string;
  details: string[];
  link: PageLink;
}

/** The copy of the services page (/services). */
export const servicesPage = typesetAll({
  title: 'Nos services',
  lead: `Un courtier ne se contente pas de vendre un contrat. De la comparaison à l’indemnisation, ${company.name} vous accompagne à chaque étape, en ligne et avec de vrais conseillers.`,
});

/** The six services of the broker. */
export const brokerServices: BrokerService[] = typesetAll([
  {
    id: 'comparaison',
    title: 'Comparaison des offres',
    summary: 'Nous interrogeons nos assureurs partenaires pour vous présenter les contrats qui correspondent à votre besoin.',
    details: [
      'Des garanties comparées à niveau égal, pas seulement des cotisations',
      'Les franchises, plafonds et exclusions expliqués en clair',
      'Les documents d’information de chaque contrat avant toute décision',
    ],
    link: { to: '/insurance', label: 'Découvrir nos assurances' },
  },
  {
    id: 'conseil',
    title: 'Conseil personnalisé',
    summary: 'Avant toute proposition, nous analysons votre situation et vos besoins, comme le Code des assurances l’exige de tout courtier.',
    details: [
      'Un recueil de vos besoins et de vos contraintes',
      'Une recommandation motivée : pourquoi ce contrat vous convient',
      'Des réponses à vos questions par téléphone, par e-mail ou dans le chat',
    ],
    link: { to: '/contact', label: 'Parler à un conseiller' },
  },
  {
    id: 'souscription',
    title: 'Souscription en ligne',
    summary: 'Devis, signature et justificatifs : tout se fait depuis votre ordinateur ou votre téléphone, sans rendez-vous ni déplacement.',
    details: [
      'Un devis auto en 2 minutes, gratuit et sans engagement',
      'La signature électronique du contrat',
      'Les pièces justificatives déposées en ligne',
    ],
    link: { to: '/quote-request', label: 'Demander un devis gratuit' },
  },
  {
    id: 'gestion',
    title: 'Gestion de vos contrats',
    summary: 'Votre espace client réunit vos demandes de devis et vos échanges avec nos conseillers. Nous restons votre interlocuteur pendant toute la vie du contrat.',
    details: [
      'Changement de véhicule, de logement ou de situation familiale',
      'Attestations d’assurance et avenants',
      'Un point chaque année avant l’échéance de vos contrats',
    ],
    link: { to: '/dashboard', label: 'Accéder à mon espace client' },
  },
  {
    id: 'sinistres',
    title: 'Accompagnement en cas de sinistre',
    summary: 'Un accident, un dégât des eaux, un vol ? Nous vous aidons à déclarer le sinistre et suivons votre dossier auprès de l’assureur jusqu’à l’indemnisation.',
    details: [
      'Les bons réflexes et les délais de déclaration rappelés',
      'Le constat amiable et les pièces à fournir vérifiés avec vous',
      'Des relances auprès de l’assureur et un appui en cas de désaccord',
    ],
    link: { to: '/sinistres/declarer', label: 'Déclarer un sinistre en ligne' },
  },
  {
    id: 'resiliation',
    title: 'Aide à la résiliation',
    summary: 'Changer d’assurance est plus simple qu’on ne le croit. Nous nous chargeons des démarches auprès de votre ancien assureur quand la loi le permet.',
    details: [
      'Auto, moto et habitation : résiliation à tout moment après un an (loi Hamon)',
      'Mutuelle santé : résiliation à tout moment après un an',
      'Assurance de prêt : changement à tout moment (loi Lemoine)',
    ],
    link: { to: '/quote-request', label: 'Changer d’assurance' },
  },
]);

/** The detailed rules of contract termination, shown under the services. */
export const terminationRules: TextSection = typesetAll({
  id: 'resilier',
  title: 'Résilier un contrat : ce que dit la loi',
  blocks: [
    {
      table: {
        caption: 'Les principaux cas de résiliation',
        head: ['Contrat', 'Règle', 'Qui fait la démarche'],
        rows: [
          ['Auto, moto, habitation', 'Après un an de contrat, résiliation à tout moment, sans frais ni motif ; effet un mois après la notification (loi Hamon de 2014).', 'Le nouvel assureur, pour les assurances obligatoires'],
          ['Mutuelle santé', 'Après un an d’adhésion, résiliation à tout moment ; effet un mois après la notification (depuis le 1er décembre 2020).', 'Le nouvel organisme, si vous le lui demandez'],
          ['Assurance de prêt immobilier', 'Changement à tout moment, sans frais, à condition que le nouveau contrat offre des garanties équivalentes (loi Lemoine de 2022).', 'Vous ou votre nouvel assureur, auprès de la banque'],
          ['Tout contrat reconduit tacitement', 'Si l’avis d’échéance arrive moins de 15 jours avant la date limite de résiliation, ou après, vous pouvez résilier dans les 20 jours suivant son envoi (loi Chatel).', 'Vous, par lettre, par e-mail ou en ligne'],
        ],
      },
    },
    'Depuis le 1er juin 2023, un assureur qui permet de souscrire en ligne doit aussi permettre de résilier en ligne, en quelques clics.',
  ],
});

/** How the broker is paid, stated plainly. */
export const remuneration = typesetAll({
  title: 'Combien coûtent nos services ?',
  paragraphs: [
    'Nos devis sont gratuits et sans engagement, et vous ne payez rien pour comparer ou pour être conseillé.',
    'Comme la plupart des courtiers, nous sommes rémunérés par une commission que nous verse l’assureur, comprise dans la cotisation du contrat. Si des frais de courtage s’appliquent à un contrat, leur montant vous est indiqué par écrit avant toute souscription.',
  ],
});

/** The call to action at the bottom of the services page. */
export const servicesCta: CallToAction = typesetAll({
  title: 'Prêt à comparer ?',
  text: 'Votre devis est gratuit et sans engagement : 2 minutes suffisent pour une assurance auto.',
  link: { to: '/quote-request', label: 'Demander un devis gratuit' },
});
