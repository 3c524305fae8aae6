import { productDetails, quoteLink } from '../products';

/** The copy of /insurance/home, loaded with that page only. */
export default productDetails({
  intro: 'Appartement ou maison, locataire ou propriétaire : l’assurance habitation protège votre logement, vos biens et votre responsabilité civile dans la vie privée. Nous trouvons le contrat adapté à votre situation.',
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
});
