import { productDetails, quoteLink } from '../products';

/** The copy of /insurance/car, loaded with that page only. */
export default productDetails({
  intro: 'Voiture, moto ou scooter : choisissez la formule qui correspond à votre véhicule et à votre budget, du tiers au tous risques, avec l’assistance 0 km. Votre devis est prêt en 2 minutes, gratuitement et sans engagement.',
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
});
