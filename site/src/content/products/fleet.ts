import { productDetails, quoteLink } from '../products';

/** The copy of /insurance/fleet, loaded with that page only. */
export default productDetails({
  intro: "À partir de trois véhicules, un contrat flotte regroupe toutes les voitures et tous les utilitaires de votre entreprise : une seule échéance, des garanties choisies véhicule par véhicule et une gestion simplifiée.",
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
});
