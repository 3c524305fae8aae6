import { productDetails, quoteLink } from '../products';

/** The copy of /insurance/pro, loaded with that page only. */
export default productDetails({
  intro: "Micro-entrepreneur, profession libérale, artisan, commerçant ou dirigeant de TPE : protégez votre activité, vos locaux et votre responsabilité. Nous bâtissons avec vous une couverture adaptée à votre métier.",
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
});
