import { productDetails, quoteLink } from '../products';

/** The copy of /insurance/life, loaded with that page only. */
export default productDetails({
  intro: 'Épargner à votre rythme, préparer votre retraite, protéger vos proches si un coup dur survient : l’assurance vie, le plan d’épargne retraite et la prévoyance répondent à des besoins différents. Nous vous aidons à choisir, avec un conseil adapté à votre profil.',
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
});
