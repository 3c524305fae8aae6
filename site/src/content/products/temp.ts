import { productDetails, quoteLink } from '../products';

/** The copy of /insurance/temp, loaded with that page only. */
export default productDetails({
  intro: 'Besoin d’assurer un véhicule pour quelques jours seulement ? L’assurance temporaire vous couvre de 1 à 90 jours, sans engagement au-delà : prêt de véhicule, import, attente d’immatriculation ou déménagement.',
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
});
