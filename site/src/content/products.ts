import type { CallToAction, FaqEntry, Feature, Step } from './types';
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

/** The page copy of one insurance product. The title comes from the company profile. */
export interface ProductContent {
  audience: Audience;
  /** The paragraph under the h1. */
  intro: string;
  /** Two or three short selling points, shown as tags. */
  highlights: string[];
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

const quoteLink = (product: ProductId, label = 'Demander mon devis gratuit') => ({ to: quoteRequestPath(product), label });

/** The content of the eight product pages. */
export const products: Record<ProductId, ProductContent> = typesetAll({
  car: {
    audience: 'particuliers',
    intro: 'Voiture, moto ou scooter : choisissez la formule qui correspond à votre véhicule et à votre budget, du tiers au tous risques, avec l’assistance 0 km. Votre devis est prêt en 2 minutes, gratuitement et sans engagement.',
    highlights: ['Devis en 2 minutes', 'Assistance 0 km', 'Voiture et deux-roues'],
    formulas: {
      title: 'Trois formules au choix',
      lead: 'La responsabilité civile est obligatoire pour tout véhicule terrestre à moteur, même s’il ne roule pas (article L. 211-1 du Code des assurances). Les autres garanties dépendent de la formule.',
      items: [
        { title: 'Tiers', description: 'La responsabilité civile couvre les dommages que vous causez aux autres, avec la défense pénale et recours. C’est la formule minimale, adaptée aux véhicules de faible valeur.' },
        { title: 'Tiers étendu', description: "Le tiers, plus les garanties vol, incendie, bris de glace, événements climatiques, catastrophes naturelles et technologiques et attentats. Un bon équilibre pour un véhicule de quelques années." },
        { title: 'Tous risques', description: "Le tiers étendu, plus les dommages subis par votre véhicule dans un accident, que vous soyez responsable ou non, même sans tiers identifié. Recommandée pour un véhicule récent ou financé à crédit ou en location." },
      ],
    },
    coverages: [
      { title: 'Responsabilité civile', description: 'Les dommages matériels et corporels causés aux tiers, aux passagers et aux piétons.' },
      { title: 'Défense pénale et recours', description: "Votre défense en cas de poursuites après un accident et le recours contre le responsable pour obtenir réparation." },
      { title: 'Vol et incendie', description: 'Le vol ou la tentative de vol du véhicule, l’incendie et l’explosion, selon la formule choisie.' },
      { title: 'Bris de glace', description: 'Le pare-brise, les vitres latérales, la lunette arrière et, selon les contrats, les optiques de phares.' },
      { title: 'Catastrophes naturelles et événements climatiques', description: 'Tempête, grêle, inondation : dès que votre contrat couvre les dommages au véhicule, la garantie catastrophes naturelles s’applique après un arrêté interministériel.' },
      { title: 'Assistance 0 km', description: "Dépannage et remorquage même en panne devant chez vous, avec rapatriement des passagers si le véhicule est immobilisé loin de votre domicile." },
    ],
    options: [
      { title: 'Garantie du conducteur', description: 'Indemnise vos propres blessures lorsque vous êtes responsable de l’accident ou qu’il n’y a pas de tiers. Vivement conseillée.' },
      { title: 'Véhicule de remplacement', description: 'Un véhicule mis à disposition pendant la réparation ou après un vol.' },
      { title: 'Valeur à neuf ou valeur majorée', description: 'Pour un véhicule récent, une indemnisation calculée sur le prix d’achat plutôt que sur la valeur de l’expert.' },
      { title: 'Équipements du motard', description: 'Casque, gants, blouson et bottes abîmés lors d’un accident de deux-roues.' },
      { title: 'Protection juridique', description: 'Un accompagnement en cas de litige lié au véhicule : garage, vendeur, contestation d’une amende.' },
    ],
    forWhom: [
      'Les conducteurs de voiture particulière, y compris les jeunes conducteurs et les conducteurs malussés',
      'Les motards et les conducteurs de scooter ou de cyclomoteur',
      'Les propriétaires de véhicule de collection ou peu utilisé',
      'Les personnes qui changent de véhicule ou quittent leur assureur actuel',
    ],
    documents: [
      'Votre permis de conduire et celui des conducteurs secondaires',
      'Le certificat d’immatriculation (carte grise) du véhicule',
      'Votre relevé d’information, à demander à votre assureur actuel, qui doit vous le fournir sous 15 jours',
      'Une pièce d’identité et un RIB pour la souscription',
    ],
    steps: [
      { title: 'Votre devis en 2 minutes', description: 'Renseignez le véhicule, les conducteurs et votre historique d’assurance.' },
      { title: 'Le choix de la formule', description: 'Nous comparons les offres de nos assureurs partenaires et vous expliquons les différences de garanties et de franchises.' },
      { title: 'La souscription en ligne', description: 'Signature électronique, justificatifs envoyés depuis votre espace client et, en cas de changement d’assureur, résiliation de l’ancien contrat prise en charge.' },
    ],
    goodToKnow: [
      { title: 'Le bonus-malus', description: 'Votre coefficient de réduction-majoration part de 1. Chaque année sans accident responsable le réduit de 5 %, jusqu’à 0,50 après 13 ans. Un accident responsable l’augmente de 25 % (12,5 % en cas de responsabilité partagée). Il vous suit d’un assureur à l’autre grâce au relevé d’information.' },
      { title: 'La preuve d’assurance', description: 'Depuis le 1er avril 2024, la carte verte n’est plus à apposer sur le pare-brise : les forces de l’ordre consultent le fichier des véhicules assurés. Votre assureur vous remet un « Mémo véhicule assuré » à garder avec vous.' },
    ],
    faq: [
      { question: 'Puis-je changer d’assurance auto en cours d’année ?', answer: 'Oui. Après un an de contrat, la loi Hamon vous permet de résilier à tout moment, sans frais ni justification. Votre nouvel assureur se charge de la résiliation et l’ancien contrat prend fin un mois après réception de la demande : vous n’êtes jamais sans assurance.' },
      { question: 'Qu’est-ce que le relevé d’information ?', answer: 'Un document qui récapitule votre coefficient bonus-malus, les sinistres des cinq dernières années et les conducteurs désignés. L’assureur doit vous le remettre dans les 15 jours suivant votre demande ; il est indispensable pour souscrire ailleurs.' },
      { question: 'Je suis jeune conducteur : suis-je bien reçu ?', answer: "Oui. La surprime jeune conducteur est plafonnée par la réglementation et diminue de moitié chaque année sans sinistre responsable ; elle est réduite si vous avez suivi la conduite accompagnée. Nous cherchons pour vous les assureurs les plus ouverts aux profils récents." },
      { question: 'Quelle formule choisir pour une voiture d’occasion ?', answer: 'Cela dépend de sa valeur et de votre budget : le tiers étendu protège contre le vol, l’incendie et le bris de glace sans le coût d’un tous risques. Au-delà d’une certaine valeur, ou si vous ne pourriez pas remplacer le véhicule, le tous risques reste le plus sûr.' },
    ],
    cta: {
      title: 'Votre devis auto en 2 minutes',
      text: 'Gratuit et sans engagement. Ayez votre permis et votre carte grise à portée de main.',
      link: quoteLink('car'),
    },
  },

  home: {
    audience: 'particuliers',
    intro: 'Appartement ou maison, locataire ou propriétaire : l’assurance habitation protège votre logement, vos biens et votre responsabilité civile dans la vie privée. Nous trouvons le contrat adapté à votre situation.',
    highlights: ['Locataire ou propriétaire', 'Attestation dès la souscription', 'Responsabilité civile incluse'],
    formulas: {
      title: 'Une assurance pour chaque situation',
      lead: 'Les garanties et les obligations ne sont pas les mêmes selon que vous occupez le logement ou que vous le louez.',
      items: [
        { title: 'Locataire', description: 'L’assurance des risques locatifs est obligatoire (loi du 6 juillet 1989) : incendie, explosion et dégât des eaux. Votre bailleur peut vous demander une attestation à la remise des clés, puis chaque année.' },
        { title: 'Propriétaire occupant', description: 'Le bâtiment et son contenu protégés, ainsi que votre responsabilité civile. En copropriété, l’assurance responsabilité civile est obligatoire depuis la loi ALUR de 2014.' },
        { title: 'Propriétaire non occupant (PNO)', description: 'Pour un logement que vous louez ou qui est vide : la PNO couvre le bâtiment et votre responsabilité de propriétaire quand l’assurance du locataire ne joue pas. Obligatoire en copropriété.' },
      ],
    },
    coverages: [
      { title: 'Incendie et explosion', description: 'Les dommages causés par le feu, la fumée, la foudre ou une explosion.' },
      { title: 'Dégât des eaux', description: 'Fuites, ruptures de canalisation, débordements et infiltrations, avec la recherche de fuite selon les contrats.' },
      { title: 'Vol et vandalisme', description: 'Le vol de vos biens après effraction et les dégradations, sous réserve des mesures de protection prévues au contrat.' },
      { title: 'Événements climatiques', description: 'Tempête, grêle, poids de la neige, ainsi que les catastrophes naturelles reconnues par arrêté.' },
      { title: 'Bris de glace', description: 'Fenêtres, baies vitrées, vérandas et, selon les contrats, plaques de cuisson vitrocéramiques.' },
      { title: 'Responsabilité civile vie privée', description: 'Les dommages que vous, vos enfants ou vos animaux causez à d’autres personnes dans la vie courante.' },
    ],
    options: [
      { title: 'Objets de valeur', description: 'Bijoux, œuvres d’art, collections : une garantie renforcée au-delà des plafonds habituels.' },
      { title: 'Rééquipement à neuf', description: 'Vos meubles et appareils remboursés sans déduction de la vétusté.' },
      { title: 'Appareils nomades', description: 'Téléphone, ordinateur portable et tablette protégés en dehors du domicile.' },
      { title: 'Dépendances, piscine et jardin', description: 'Garage, abri de jardin, piscine, arbres et clôtures.' },
      { title: 'Protection juridique', description: 'Un appui en cas de litige avec un voisin, un artisan ou votre bailleur.' },
    ],
    forWhom: [
      'Les locataires d’un logement vide ou meublé, y compris les étudiants et les colocataires',
      'Les propriétaires qui habitent leur logement, en maison ou en appartement',
      'Les propriétaires bailleurs et les propriétaires de logement vacant (PNO)',
      'Les occupants de résidence secondaire',
    ],
    documents: [
      'L’adresse, le type de logement, la surface et le nombre de pièces',
      'Votre statut : locataire, propriétaire occupant ou non occupant',
      'Une estimation de la valeur de votre mobilier et de vos objets de valeur',
      'Les sinistres déclarés ces dernières années et les protections du logement (serrure, alarme)',
    ],
    steps: [
      { title: 'Décrivez votre logement', description: 'Quelques questions sur le logement, votre statut et vos biens.' },
      { title: 'Comparez les offres', description: 'Nous sélectionnons les contrats adaptés et vous expliquons plafonds, franchises et exclusions.' },
      { title: 'Recevez votre attestation', description: 'Après la souscription en ligne, l’attestation d’assurance est disponible pour votre bailleur ou votre syndic.' },
    ],
    goodToKnow: [
      { title: 'Déclarer un sinistre à temps', description: 'Vous disposez de 5 jours ouvrés pour déclarer un dégât des eaux ou un incendie, de 2 jours ouvrés pour un vol, et de 30 jours après la publication de l’arrêté de catastrophe naturelle.' },
      { title: 'La convention IRSI', description: 'Pour un dégât des eaux en immeuble jusqu’à 5 000 € HT de dommages par local, un seul assureur gère le dossier, ce qui accélère l’indemnisation.' },
    ],
    faq: [
      { question: 'Le locataire est-il obligé de s’assurer ?', answer: "Oui, pour les risques locatifs : incendie, explosion et dégât des eaux. Sans attestation, le bailleur peut, après une mise en demeure restée sans effet pendant un mois, souscrire une assurance pour votre compte et vous en refacturer le coût, ou demander la résiliation du bail si le contrat le prévoit." },
      { question: 'Qu’est-ce qu’une assurance PNO ?', answer: 'L’assurance propriétaire non occupant couvre un logement que vous mettez en location ou qui reste vide. Elle intervient quand l’assurance du locataire ne joue pas, par exemple entre deux locations ou pour un vice de construction.' },
      { question: 'Je déménage : que devient mon contrat ?', answer: 'Vous pouvez le transférer vers le nouveau logement par avenant, ou le résilier à la date du déménagement si le risque change. Après un an de contrat, la loi Hamon vous permet aussi de changer d’assureur à tout moment.' },
    ],
    cta: {
      title: 'Votre devis habitation gratuit',
      text: 'Locataire ou propriétaire, obtenez une proposition adaptée à votre logement, sans engagement.',
      link: quoteLink('home'),
    },
  },

  health: {
    audience: 'particuliers',
    intro: 'La mutuelle santé complète les remboursements de l’Assurance maladie. Hospitalisation, optique, dentaire, audiologie : nous comparons les niveaux de garanties pour vous, seul ou en famille, au juste prix.',
    highlights: ['100 % santé inclus', 'Tiers payant', 'Seul ou en famille'],
    coverages: [
      { title: 'Hospitalisation', description: 'Forfait journalier hospitalier, frais de séjour, honoraires des chirurgiens et, selon le niveau choisi, chambre particulière.' },
      { title: 'Soins courants', description: 'Consultations de généralistes et de spécialistes, analyses, radiologie et pharmacie.' },
      { title: 'Optique', description: 'Lunettes et lentilles, avec l’accès aux équipements du panier 100 % santé sans reste à charge.' },
      { title: 'Dentaire', description: 'Soins, couronnes et prothèses, dont celles du panier 100 % santé, et orthodontie selon les contrats.' },
      { title: 'Aides auditives', description: 'Les appareils du panier 100 % santé intégralement remboursés, et une prise en charge renforcée pour les autres.' },
      { title: 'Prévention', description: 'Vaccins, dépistages et actes de prévention prévus pour les contrats responsables.' },
    ],
    options: [
      { title: 'Médecines douces', description: 'Ostéopathie, chiropraxie, diététique ou psychologie, avec un forfait annuel.' },
      { title: 'Renfort optique et dentaire', description: 'Des plafonds plus élevés pour les équipements hors panier 100 % santé.' },
      { title: 'Chambre particulière', description: 'Le supplément de chambre individuelle pris en charge lors d’une hospitalisation.' },
      { title: 'Assistance', description: 'Aide à domicile, garde d’enfants ou portage de repas après une hospitalisation.' },
    ],
    forWhom: [
      'Les travailleurs indépendants et les professions libérales',
      'Les retraités qui quittent la mutuelle de leur entreprise',
      'Les étudiants, les demandeurs d’emploi et les jeunes actifs',
      'Les salariés dispensés de la mutuelle d’entreprise et les familles qui veulent compléter leur couverture',
    ],
    documents: [
      'Votre numéro de sécurité sociale et l’attestation de droits de l’Assurance maladie',
      'Les dates de naissance des personnes à assurer',
      'Vos besoins prioritaires : optique, dentaire, hospitalisation, médecines douces',
      'Un RIB pour les cotisations et les remboursements',
    ],
    steps: [
      { title: 'Exprimez vos besoins', description: 'Qui assurer, et les postes de soins qui comptent le plus pour vous.' },
      { title: 'Comparez les garanties', description: 'Nous traduisons les pourcentages en euros remboursés, pour que vous compariez vraiment.' },
      { title: 'Adhérez avec votre conseiller', description: 'Votre conseiller vous accompagne jusqu’à la signature ; l’assureur vous envoie ensuite votre carte de tiers payant et met en place la télétransmission avec l’Assurance maladie.' },
    ],
    goodToKnow: [
      { title: 'Le 100 % santé', description: 'Depuis 2021, les contrats responsables remboursent intégralement une sélection de lunettes, de prothèses dentaires et d’aides auditives : aucun reste à charge sur ces équipements.' },
      { title: 'Le tiers payant', description: 'Avec votre carte de tiers payant, vous n’avancez pas les frais chez le pharmacien, le laboratoire ou l’opticien partenaire : la mutuelle paie directement sa part.' },
    ],
    faq: [
      { question: 'Puis-je résilier ma mutuelle à tout moment ?', answer: 'Oui, après un an d’adhésion. Depuis le 1er décembre 2020, la résiliation prend effet un mois après la notification, sans frais. Nous pouvons nous charger des formalités auprès de votre ancien organisme.' },
      { question: 'Y a-t-il un délai de carence ?', answer: 'Certains contrats prévoient un délai d’attente sur quelques postes, comme le dentaire ou l’optique. Nous vous l’indiquons clairement lors de la comparaison et privilégions les offres sans délai d’attente quand vous en avez besoin rapidement.' },
      { question: 'Je suis indépendant : puis-je déduire mes cotisations ?', answer: "Un contrat santé « Madelin » permet aux travailleurs non salariés de déduire leurs cotisations de leur bénéfice imposable, dans certaines limites. Nous vous indiquons les contrats éligibles." },
      { question: 'Mes revenus sont modestes : existe-t-il une aide ?', answer: 'La Complémentaire santé solidaire, attribuée par l’Assurance maladie sous conditions de ressources, est gratuite ou coûte au plus un euro par jour et par personne. Vérifiez vos droits sur ameli.fr avant de souscrire.' },
    ],
    cta: {
      title: 'Comparez les mutuelles en quelques minutes',
      text: 'Devis gratuit et sans engagement, seul ou pour toute la famille.',
      link: quoteLink('health'),
    },
  },

  life: {
    audience: 'particuliers',
    intro: 'Épargner à votre rythme, préparer votre retraite, protéger vos proches si un coup dur survient : l’assurance vie, le plan d’épargne retraite et la prévoyance répondent à des besoins différents. Nous vous aidons à choisir, avec un conseil adapté à votre profil.',
    highlights: ['Épargne et transmission', 'Retraite', 'Protection de la famille'],
    formulas: {
      title: 'Trois solutions, trois objectifs',
      lead: 'Avant toute proposition, nous évaluons votre situation, vos objectifs, votre horizon de placement et votre tolérance au risque.',
      items: [
        { title: 'Assurance vie', description: 'Une épargne disponible à tout moment, placée sur un fonds en euros au capital garanti par l’assureur ou sur des unités de compte plus dynamiques mais qui présentent un risque de perte en capital.' },
        { title: 'Plan d’épargne retraite (PER)', description: 'Une épargne bloquée jusqu’à la retraite, sauf cas prévus par la loi comme l’achat de la résidence principale. Les versements volontaires sont déductibles du revenu imposable, dans certaines limites.' },
        { title: 'Prévoyance', description: 'Un capital ou une rente versés à vos proches en cas de décès, et une protection de vos revenus en cas d’arrêt de travail ou d’invalidité.' },
      ],
    },
    coverages: [
      { title: 'Capital décès', description: 'Une somme versée aux bénéficiaires que vous désignez, hors succession dans les limites prévues par la loi.' },
      { title: 'Rente éducation', description: 'Une rente versée à vos enfants jusqu’à la fin de leurs études si vous disparaissez.' },
      { title: 'Rente de conjoint', description: 'Un revenu pour votre conjoint ou partenaire de PACS.' },
      { title: 'Arrêt de travail et invalidité', description: 'Des indemnités journalières ou une rente qui complètent les prestations du régime obligatoire.' },
    ],
    options: [
      { title: 'Gestion pilotée', description: 'La répartition de votre épargne confiée à un professionnel selon votre profil.' },
      { title: 'Sécurisation des plus-values', description: 'Les gains réalisés sur les unités de compte transférés automatiquement vers le fonds en euros.' },
      { title: 'Garantie plancher', description: 'En cas de décès, un capital minimal versé aux bénéficiaires même si les marchés ont baissé.' },
      { title: 'Exonération des cotisations', description: 'En prévoyance, les cotisations prises en charge en cas d’arrêt de travail prolongé.' },
    ],
    forWhom: [
      'Les épargnants qui veulent faire fructifier et transmettre un capital',
      'Les actifs qui préparent leur retraite',
      'Les parents et les couples qui veulent protéger leur famille',
      'Les indépendants qui doivent compléter une protection sociale plus limitée',
    ],
    documents: [
      'Une pièce d’identité et un justificatif de domicile',
      'Un RIB et, pour les versements importants, un justificatif de l’origine des fonds',
      'Les informations de votre profil d’investisseur, recueillies avec un conseiller',
      'En prévoyance, un questionnaire de santé, transmis directement au médecin-conseil de l’assureur',
    ],
    steps: [
      { title: 'Un échange avec un conseiller', description: 'Nous faisons le point sur vos objectifs, votre patrimoine et votre profil de risque.' },
      { title: 'Une recommandation écrite', description: 'Vous recevez notre analyse et les documents d’information des contrats proposés.' },
      { title: 'Une souscription accompagnée', description: 'Votre conseiller vous accompagne jusqu’à la signature ; vous disposez ensuite de 30 jours pour renoncer à votre contrat.' },
    ],
    goodToKnow: [
      { title: 'La fiscalité après 8 ans', description: 'Après 8 ans, les gains retirés bénéficient chaque année d’un abattement de 4 600 € pour une personne seule, 9 200 € pour un couple soumis à imposition commune, puis d’un taux d’imposition réduit. Les prélèvements sociaux restent dus.' },
      { title: 'La transmission', description: 'Pour les versements effectués avant 70 ans, chaque bénéficiaire profite d’un abattement de 152 500 € ; après 70 ans, un abattement global de 30 500 € s’applique aux versements, les gains étant exonérés. Le conjoint et le partenaire de PACS sont exonérés.' },
    ],
    faq: [
      { question: 'Puis-je récupérer mon argent avant 8 ans ?', answer: 'Oui. L’assurance vie reste disponible à tout moment par un rachat partiel ou total ; seule la fiscalité des gains est moins favorable avant 8 ans. Le PER, lui, est bloqué jusqu’à la retraite, sauf exceptions prévues par la loi.' },
      { question: 'Comment rédiger la clause bénéficiaire ?', answer: "Désignez vos bénéficiaires avec précision (nom, prénom, date et lieu de naissance) et prévoyez des bénéficiaires de second rang. Relisez-la à chaque événement de vie : mariage, naissance, séparation. Nous vous aidons à la rédiger." },
      { question: 'Mon capital est-il garanti ?', answer: 'Les sommes placées sur le fonds en euros sont garanties par l’assureur, hors frais. Les unités de compte ne le sont pas : leur valeur suit les marchés, à la hausse comme à la baisse.' },
    ],
    cta: {
      title: 'Parlons de vos projets',
      text: 'Demandez une étude gratuite et sans engagement : un conseiller vous recontacte pour préciser vos objectifs.',
      link: quoteLink('life', 'Demander mon étude gratuite'),
    },
  },

  pro: {
    audience: 'professionnels',
    intro: "Micro-entrepreneur, profession libérale, artisan, commerçant ou dirigeant de TPE : protégez votre activité, vos locaux et votre responsabilité. Nous bâtissons avec vous une couverture adaptée à votre métier.",
    highlights: ['RC pro', 'Multirisque', 'Décennale'],
    formulas: {
      title: 'Les assurances essentielles',
      lead: 'Selon votre métier, certaines assurances sont obligatoires ; les autres protègent votre activité et votre patrimoine.',
      items: [
        { title: 'Responsabilité civile professionnelle', description: "Les dommages causés à vos clients ou à des tiers dans le cadre de votre activité : erreur, négligence, accident. Obligatoire pour de nombreuses professions réglementées, indispensable pour toutes." },
        { title: 'Multirisque professionnelle', description: 'Vos locaux, votre matériel et vos marchandises contre l’incendie, le dégât des eaux, le vol et le bris de machine, avec la perte d’exploitation.' },
        { title: 'Décennale', description: 'Obligatoire pour les professionnels du bâtiment : elle couvre pendant 10 ans après la réception des travaux les dommages qui compromettent la solidité de l’ouvrage ou le rendent impropre à sa destination.' },
      ],
    },
    coverages: [
      { title: 'Dommages causés aux tiers', description: 'Dommages corporels, matériels et immatériels causés à vos clients, fournisseurs ou passants.' },
      { title: 'Locaux et contenu', description: 'Bureau, boutique ou atelier, mobilier, informatique, stock et marchandises.' },
      { title: 'Perte d’exploitation', description: 'La marge perdue et les frais fixes pendant l’interruption de votre activité après un sinistre garanti.' },
      { title: 'Protection juridique', description: 'Un soutien en cas de litige avec un client, un fournisseur ou l’administration.' },
    ],
    options: [
      { title: 'Cyber-risques', description: 'Piratage, rançongiciel, fuite de données : frais d’expertise, de restauration et responsabilité.' },
      { title: 'RC des dirigeants', description: 'La responsabilité personnelle du dirigeant pour ses fautes de gestion.' },
      { title: 'Marchandises transportées', description: 'Les biens transportés dans votre véhicule professionnel.' },
      { title: 'Prévoyance du dirigeant', description: 'Vos revenus et votre famille protégés en cas d’arrêt de travail ou de décès.' },
    ],
    forWhom: [
      'Les micro-entrepreneurs et les indépendants',
      'Les professions libérales, réglementées ou non',
      'Les artisans du bâtiment et les commerçants',
      'Les TPE et les petites PME',
    ],
    documents: [
      'Votre numéro SIREN ou un extrait Kbis',
      'Une description précise de votre activité et votre code APE',
      'Votre chiffre d’affaires, votre effectif et la surface de vos locaux',
      'Vos diplômes ou qualifications pour la décennale, et l’historique de vos sinistres',
    ],
    steps: [
      { title: 'Présentez votre activité', description: 'Métier, chiffre d’affaires, locaux : quelques minutes en ligne.' },
      { title: 'Recevez une proposition', description: 'Un conseiller vérifie vos obligations d’assurance et compare nos assureurs partenaires.' },
      { title: 'Obtenez vos attestations', description: 'Votre conseiller finalise la souscription avec vous ; l’assureur vous remet les attestations à joindre à vos devis, marchés et appels d’offres.' },
    ],
    goodToKnow: [
      { title: 'La mention de l’assurance sur vos devis', description: 'Les artisans et entrepreneurs soumis à une assurance obligatoire, comme la décennale, doivent indiquer sur leurs devis et factures le nom et les coordonnées de l’assureur ainsi que la couverture géographique du contrat.' },
      { title: 'Pas de chantier sans décennale', description: 'L’assurance décennale doit être souscrite avant l’ouverture du chantier : travailler sans elle expose à des sanctions pénales et à payer soi-même les réparations.' },
    ],
    faq: [
      { question: 'La RC pro est-elle obligatoire ?', answer: 'Elle l’est pour de nombreuses professions réglementées : santé, droit, expertise comptable, immobilier, intermédiaires en assurance. Pour les autres, elle est facultative mais fortement recommandée, et souvent exigée par les clients.' },
      { question: 'Je suis micro-entrepreneur : ai-je besoin d’une assurance ?', answer: 'Le statut ne change rien à votre responsabilité : un dommage causé à un client engage votre patrimoine personnel. Une RC pro adaptée à un petit chiffre d’affaires reste un bon investissement, et elle est obligatoire si votre métier l’exige.' },
      { question: 'Mon assurance habitation couvre-t-elle mon activité à domicile ?', answer: 'En général, non : le matériel professionnel et les dommages liés à l’activité sont exclus. Signalez votre activité à votre assureur habitation et souscrivez une RC pro, voire une multirisque si vous recevez des clients.' },
    ],
    cta: {
      title: 'Protégez votre activité',
      text: 'Devis gratuit et sans engagement, adapté à votre métier.',
      link: quoteLink('pro'),
    },
  },

  vtc: {
    audience: 'professionnels',
    intro: "Chauffeur de voiture de transport avec chauffeur, vous transportez des passagers contre rémunération : votre assurance doit le couvrir expressément. Nous vous proposons des contrats conformes aux exigences de la réglementation et des plateformes de réservation.",
    highlights: ['RC transport de personnes', 'Attestation pour les plateformes', 'Assistance 0 km'],
    coverages: [
      { title: 'Responsabilité civile circulation', description: 'Les dommages causés aux tiers avec votre véhicule, comme pour toute assurance auto.' },
      { title: 'RC transport de personnes à titre onéreux', description: 'Les dommages subis par vos passagers pendant une course payante. Une assurance auto classique l’exclut.' },
      { title: 'Dommages au véhicule', description: 'Tous risques ou tiers étendu : vol, incendie, bris de glace, accident.' },
      { title: 'Assistance 0 km', description: 'Dépannage, remorquage et prise en charge de vos passagers en cas de panne ou d’accident.' },
    ],
    options: [
      { title: 'Véhicule de remplacement', description: 'Pour continuer à travailler pendant la réparation de votre voiture.' },
      { title: 'Perte d’exploitation', description: 'Une indemnité journalière quand votre véhicule est immobilisé après un sinistre garanti.' },
      { title: 'Garantie du conducteur', description: 'Vos propres blessures indemnisées, même si vous êtes responsable.' },
      { title: 'Protection juridique', description: 'Un appui en cas de litige avec un passager, une plateforme ou un garage.' },
    ],
    forWhom: [
      'Les chauffeurs VTC indépendants et micro-entrepreneurs',
      'Les sociétés de VTC qui emploient des chauffeurs',
      'Les chauffeurs qui louent leur véhicule en location longue durée ou avec option d’achat',
      'Les nouveaux chauffeurs qui viennent d’obtenir leur carte professionnelle',
    ],
    documents: [
      'Votre carte professionnelle VTC, délivrée par la préfecture',
      'Votre permis de conduire et votre relevé d’information',
      'Le certificat d’immatriculation du véhicule',
      "Votre inscription au registre des VTC et votre numéro SIREN",
    ],
    steps: [
      { title: 'Décrivez votre activité', description: 'Véhicule, ancienneté, plateformes utilisées, kilométrage annuel.' },
      { title: 'Comparez les offres', description: 'Nous sélectionnons les assureurs qui acceptent le transport de personnes à titre onéreux.' },
      { title: 'Roulez assuré', description: 'Souscription en ligne et attestation à transmettre à vos plateformes.' },
    ],
    goodToKnow: [
      { title: 'La carte VTC', description: 'Pour exercer, il faut être titulaire d’une carte professionnelle VTC, obtenue après un examen, et inscrire son activité au registre des VTC. L’assureur vous la demandera.' },
      { title: 'Une attestation à jour', description: 'Les plateformes exigent une attestation mentionnant l’activité de transport de personnes à titre onéreux. Pensez à la renouveler à chaque échéance.' },
    ],
    faq: [
      { question: 'Mon assurance auto personnelle suffit-elle ?', answer: 'Non. Les contrats auto des particuliers excluent le transport de passagers contre rémunération : en cas d’accident pendant une course, vous ne seriez pas couvert et pourriez devoir indemniser vous-même les victimes.' },
      { question: 'Je débute : puis-je être assuré ?', answer: 'Oui. Certains de nos assureurs partenaires acceptent les chauffeurs qui viennent d’obtenir leur carte VTC. Votre ancienneté de permis et votre relevé d’information seront pris en compte.' },
      { question: 'Puis-je utiliser mon véhicule à titre privé ?', answer: "Oui, les contrats VTC couvrent aussi les trajets personnels. Précisez-le lors du devis, ainsi que les autres conducteurs éventuels du véhicule." },
    ],
    cta: {
      title: 'Votre assurance VTC, sans détour',
      text: 'Devis gratuit et sans engagement, conforme aux exigences des plateformes.',
      link: quoteLink('vtc'),
    },
  },

  fleet: {
    audience: 'professionnels',
    intro: "À partir de trois véhicules, un contrat flotte regroupe toutes les voitures et tous les utilitaires de votre entreprise : une seule échéance, des garanties choisies véhicule par véhicule et une gestion simplifiée.",
    highlights: ['Dès 3 véhicules', 'Un seul contrat', 'Garanties modulables'],
    coverages: [
      { title: 'Responsabilité civile', description: 'Obligatoire pour chaque véhicule, quel que soit le conducteur autorisé.' },
      { title: 'Dommages aux véhicules', description: 'Tous risques ou tiers étendu, au choix pour chaque véhicule selon sa valeur et son usage.' },
      { title: 'Vol, incendie et bris de glace', description: 'Les garanties essentielles pour des véhicules qui dorment dehors ou sur des chantiers.' },
      { title: 'Assistance', description: 'Dépannage et remorquage, y compris pour les utilitaires chargés.' },
    ],
    options: [
      { title: 'Véhicule de remplacement', description: 'Pour ne pas interrompre les tournées et les interventions.' },
      { title: 'Marchandises et outillage transportés', description: 'Le contenu des utilitaires garanti contre le vol et les dommages.' },
      { title: 'Garantie des conducteurs', description: 'Les blessures de vos salariés au volant indemnisées.' },
      { title: 'Flotte ouverte', description: 'Tous les conducteurs autorisés par l’entreprise couverts, sans désignation nominative.' },
    ],
    forWhom: [
      'Les entreprises et les artisans qui possèdent au moins trois véhicules',
      'Les sociétés de livraison, de transport léger ou de services à domicile',
      'Les associations et les collectivités',
      'Les entreprises qui louent leurs véhicules en location longue durée',
    ],
    documents: [
      'Un extrait Kbis ou votre numéro SIREN',
      'La liste des véhicules : immatriculation, modèle, date de mise en circulation et usage',
      'Le relevé de sinistralité de la flotte sur les trois à cinq dernières années',
      'Les règles d’utilisation des véhicules : conducteurs, stationnement, usage privé',
    ],
    steps: [
      { title: 'Envoyez votre parc', description: 'La liste de vos véhicules et leur historique de sinistres.' },
      { title: 'Étude de votre flotte', description: 'Nous analysons votre sinistralité et consultons nos assureurs partenaires.' },
      { title: 'Un contrat, une échéance', description: 'Les entrées et sorties de véhicules se gèrent ensuite par simple demande.' },
    ],
    goodToKnow: [
      { title: 'Pas de bonus-malus individuel', description: 'Le tarif d’une flotte repose sur la sinistralité de l’ensemble du parc plutôt que sur un coefficient par véhicule : la prévention des accidents profite à toute l’entreprise.' },
      { title: 'La désignation du conducteur', description: 'Lorsqu’une infraction est commise avec un véhicule de l’entreprise, son représentant légal doit désigner le conducteur dans les 45 jours suivant l’avis de contravention.' },
    ],
    faq: [
      { question: 'À partir de combien de véhicules ?', answer: "Nous proposons un contrat flotte dès trois véhicules. En dessous, des contrats auto séparés restent généralement plus adaptés." },
      { question: 'Comment ajouter un véhicule en cours d’année ?', answer: 'Il suffit de nous transmettre sa carte grise : le véhicule est ajouté par avenant, avec une cotisation calculée au prorata jusqu’à l’échéance. Un véhicule vendu sort de la même façon.' },
      { question: 'Les véhicules personnels des salariés sont-ils couverts ?', answer: 'Non : un contrat flotte couvre les véhicules appartenant à l’entreprise ou loués par elle. Pour les déplacements avec un véhicule personnel, une garantie « mission » peut être ajoutée.' },
    ],
    cta: {
      title: 'Faites étudier votre flotte',
      text: 'Une étude gratuite et sans engagement, dès trois véhicules.',
      link: quoteLink('fleet', 'Demander mon étude gratuite'),
    },
  },

  temp: {
    audience: 'particuliers',
    intro: 'Besoin d’assurer un véhicule pour quelques jours seulement ? L’assurance temporaire vous couvre de 1 à 90 jours, sans engagement au-delà : prêt de véhicule, import, attente d’immatriculation ou déménagement.',
    highlights: ['De 1 à 90 jours', 'Sans reconduction', 'Attestation immédiate'],
    coverages: [
      { title: 'Responsabilité civile', description: 'La garantie obligatoire pour circuler : les dommages causés aux tiers sont couverts.' },
      { title: 'Défense pénale et recours', description: 'Votre défense et le recours contre un tiers responsable, selon les contrats.' },
      { title: 'Assistance', description: 'Dépannage et remorquage en cas de panne ou d’accident, selon la formule choisie.' },
      { title: 'Couverture à l’étranger', description: 'Selon les contrats, la circulation dans les pays de l’Union européenne et de l’Espace économique européen.' },
    ],
    options: [
      { title: 'Vol, incendie et bris de glace', description: 'Proposés par certains assureurs pour les véhicules de valeur.' },
      { title: 'Conducteur supplémentaire', description: 'Un second conducteur désigné sur le contrat.' },
    ],
    forWhom: [
      'Le prêt ponctuel d’un véhicule à un proche',
      'Un véhicule acheté à l’étranger, en attente d’immatriculation française',
      'Un véhicule à vendre, à déplacer jusqu’au contrôle technique ou à ramener d’un garage',
      'Un déménagement avec un utilitaire non assuré, ou un séjour de quelques semaines',
    ],
    documents: [
      'Votre permis de conduire et une pièce d’identité',
      'Le certificat d’immatriculation, provisoire ou définitif, ou le certificat de cession',
      'Les dates et l’heure de début de la couverture souhaitée',
      'Un moyen de paiement : la cotisation est payée en une fois',
    ],
    steps: [
      { title: 'Choisissez vos dates', description: 'De 1 à 90 jours, à partir de l’heure qui vous convient.' },
      { title: 'Décrivez le véhicule et le conducteur', description: 'Quelques informations suffisent.' },
      { title: 'Recevez votre attestation', description: 'Votre attestation est envoyée dès le paiement, et le contrat prend fin seul à la date prévue.' },
    ],
    goodToKnow: [
      { title: 'Des conditions propres à chaque assureur', description: 'L’âge minimal du conducteur et l’ancienneté du permis exigés varient selon les assureurs. Nous vous orientons vers ceux qui acceptent votre profil.' },
      { title: 'Aucune reconduction', description: 'Le contrat s’arrête à la date prévue, sans démarche ni résiliation. Si vous avez besoin de plus de temps, un nouveau contrat peut être souscrit.' },
    ],
    faq: [
      { question: 'Pour combien de temps puis-je être assuré ?', answer: "De 1 à 90 jours. Au-delà, un contrat auto classique est plus adapté et souvent plus économique." },
      { question: 'La couverture commence-t-elle immédiatement ?', answer: 'Vous choisissez la date et l’heure de début. Vous ne pouvez en revanche pas assurer un véhicule rétroactivement, pour une période déjà commencée.' },
      { question: 'Puis-je assurer un véhicule immatriculé à l’étranger ?', answer: 'Oui, c’est l’un des usages les plus fréquents, notamment pour rapatrier un véhicule acheté dans un autre pays. Précisez son immatriculation lors du devis.' },
    ],
    cta: {
      title: 'Assuré pour quelques jours',
      text: 'Devis gratuit et sans engagement, de 1 à 90 jours.',
      link: quoteLink('temp'),
    },
  },
});
