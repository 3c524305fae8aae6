import { productDetails, quoteLink } from '../products';

/** The copy of /insurance/vtc, loaded with that page only. */
export default productDetails({
  intro: "Chauffeur de voiture de transport avec chauffeur, vous transportez des passagers contre rémunération : votre assurance doit le couvrir expressément. Nous vous proposons des contrats conformes aux exigences de la réglementation et des plateformes de réservation.",
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
});
