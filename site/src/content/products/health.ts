import { productDetails, quoteLink } from '../products';

/** The copy of /insurance/health, loaded with that page only. */
export default productDetails({
  intro: 'La mutuelle santé complète les remboursements de l’Assurance maladie. Hospitalisation, optique, dentaire, audiologie : nous comparons les niveaux de garanties pour vous, seul ou en famille, au juste prix.',
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
});
