import { typesetAll } from '../lib/format';

/** An article of the blog, shown in full on the blog page. */
export interface BlogPost {
  /** A stable anchor for the article. */
  slug: string;
  title: string;
  /** Publication date, ISO 8601 (YYYY-MM-DD). */
  date: string;
  /** Reading time in minutes. */
  readingMinutes: number;
  category: string;
  summary: string;
  paragraphs: string[];
}

/** The copy of the blog page (/blog). */
export const blogPage = typesetAll({
  title: 'Le blog',
  lead: 'Des conseils concrets pour choisir, utiliser et changer vos assurances, écrits par nos conseillers.',
});

/** The articles, newest first. */
export const blogPosts: BlogPost[] = typesetAll([
  {
    slug: 'jeune-conducteur-assurance-auto',
    title: 'Jeune conducteur : comment alléger son assurance auto',
    date: '2026-09-22',
    readingMinutes: 5,
    category: 'Auto',
    summary: 'La surprime jeune conducteur n’est pas une fatalité : conduite accompagnée, choix du véhicule, formule adaptée… Nos conseils pour payer le juste prix dès le permis en poche.',
    paragraphs: [
      'Pendant ses premières années de permis, un conducteur n’a pas d’historique d’assurance. Les assureurs peuvent alors appliquer une surprime, dont le montant maximal est fixé par la réglementation : elle peut atteindre 100 % de la cotisation de référence la première année, puis elle est divisée par deux chaque année sans accident responsable, pour disparaître au bout de trois ans.',
      'La conduite accompagnée change la donne. Après un apprentissage anticipé de la conduite, la surprime est plafonnée à 50 % la première année, puis à 25 % la deuxième, et disparaît au bout de deux ans. C’est souvent le moyen le plus efficace de réduire la facture.',
      'Le choix du véhicule compte aussi. Une voiture puissante, récente ou très recherchée par les voleurs coûte plus cher à assurer. Pour une première voiture, un modèle d’occasion de puissance modeste, assuré au tiers étendu, offre souvent le meilleur compromis entre protection et budget.',
      'Attention enfin à la fausse bonne idée qui consiste à assurer la voiture au nom d’un parent en déclarant le jeune comme conducteur occasionnel alors qu’il est le conducteur principal. Cette fausse déclaration peut entraîner une réduction de l’indemnisation, voire la nullité du contrat en cas de sinistre. Mieux vaut déclarer la situation réelle et comparer les offres : c’est précisément notre métier.',
    ],
  },
  {
    slug: 'clause-beneficiaire-assurance-vie',
    title: 'Assurance vie : pourquoi soigner sa clause bénéficiaire',
    date: '2026-03-10',
    readingMinutes: 6,
    category: 'Vie et prévoyance',
    summary: 'Quelques lignes décident de qui recevra votre épargne. Une clause bénéficiaire mal rédigée peut retarder le versement, ou l’attribuer à quelqu’un que vous n’aviez pas choisi.',
    paragraphs: [
      'La clause bénéficiaire désigne les personnes qui recevront le capital de votre assurance vie à votre décès. Beaucoup d’épargnants se contentent de la clause type proposée par le contrat, par exemple « mon conjoint, à défaut mes enfants nés ou à naître, vivants ou représentés, à défaut mes héritiers ». Elle convient à de nombreuses familles, mais pas à toutes.',
      'Si vous souhaitez avantager une personne précise, désignez-la de façon à ce que l’assureur puisse l’identifier sans hésitation : nom de naissance, prénoms, date et lieu de naissance, et si possible adresse. Prévoyez toujours un bénéficiaire de second rang, pour le cas où le premier serait décédé avant vous ou renoncerait au capital.',
      'Pensez à relire votre clause à chaque événement de vie. Un mariage, un PACS, une naissance, un divorce ou un remariage peuvent rendre la désignation inadaptée. Le terme « mon conjoint », par exemple, désigne la personne avec qui vous êtes marié au jour du décès, pas celle avec qui vous l’étiez lors de la souscription.',
      'La fiscalité est l’autre raison de soigner la clause. Pour les sommes versées avant vos 70 ans, chaque bénéficiaire profite d’un abattement de 152 500 € ; pour les versements effectués après 70 ans, un abattement global de 30 500 € s’applique. Le conjoint et le partenaire de PACS sont, eux, exonérés. Répartir le capital entre plusieurs bénéficiaires peut donc alléger la facture fiscale de vos proches.',
      'Enfin, sachez qu’un bénéficiaire peut accepter la clause avec votre accord : elle devient alors irrévocable, et vous ne pouvez plus racheter votre contrat sans son consentement. Une décision à prendre en connaissance de cause, avec l’aide d’un conseiller.',
    ],
  },
  {
    slug: 'comprendre-100-sante',
    title: 'Mutuelle santé : bien comprendre le 100 % santé',
    date: '2025-09-16',
    readingMinutes: 4,
    category: 'Santé',
    summary: 'Lunettes, prothèses dentaires et aides auditives sans reste à charge : le 100 % santé existe depuis plusieurs années, mais il reste mal connu. Mode d’emploi.',
    paragraphs: [
      'Le 100 % santé, aussi appelé « reste à charge zéro », permet d’obtenir certaines lunettes, prothèses dentaires et aides auditives sans rien payer de sa poche. Le dispositif est entré pleinement en vigueur en 2021, après une mise en place progressive commencée en 2019.',
      'Pour en profiter, deux conditions : être affilié à l’Assurance maladie et disposer d’une complémentaire santé responsable, ce qui est le cas de la très grande majorité des contrats. L’Assurance maladie et la mutuelle se partagent alors l’intégralité du prix des équipements du panier 100 % santé, dont les tarifs sont plafonnés.',
      'Chez l’opticien, vous avez le choix entre plusieurs dizaines de montures et des verres traitant tous les troubles de la vue. L’opticien et l’audioprothésiste doivent vous présenter un devis comprenant au moins une offre 100 % santé. Chez le dentiste, couronnes, bridges et prothèses amovibles sont concernés, avec des matériaux qui dépendent de la position de la dent.',
      'Rien ne vous oblige à choisir ces équipements. Vous pouvez préférer une monture ou un appareil hors panier : le remboursement dépend alors des garanties de votre contrat. C’est là que le niveau de votre mutuelle fait la différence, et que notre comparaison vous aide à choisir.',
    ],
  },
  {
    slug: 'degat-des-eaux-bons-reflexes',
    title: 'Dégât des eaux : les bons réflexes et la convention IRSI',
    date: '2025-05-20',
    readingMinutes: 5,
    category: 'Habitation',
    summary: 'C’est le sinistre le plus fréquent en habitation. Que faire dans les premières heures, comment déclarer, et qui indemnise quand plusieurs logements sont touchés ?',
    paragraphs: [
      'Premier réflexe : limiter les dégâts. Coupez l’arrivée d’eau, et l’électricité si l’eau s’approche des prises ou des appareils. Si la fuite vient de chez un voisin, prévenez-le, ou le syndic s’il est absent. Mettez à l’abri ce qui peut l’être et photographiez les dommages avant de nettoyer.',
      'Deuxième réflexe : remplir un constat amiable de dégât des eaux avec les autres personnes concernées, voisin, propriétaire ou syndic. Ce document, fourni par les assureurs, décrit l’origine de la fuite et les dommages de chacun. Vous devez ensuite déclarer le sinistre à votre assureur dans les 5 jours ouvrés.',
      'Depuis 2018, la convention IRSI organise l’indemnisation entre assureurs dans les immeubles. Lorsque les dommages d’un local ne dépassent pas 5 000 € hors taxes, c’est en principe l’assureur de l’occupant de ce local qui gère le sinistre, y compris la recherche de fuite, même si la fuite provient d’ailleurs. Vous n’avez pas à attendre que les responsabilités soient établies pour être indemnisé.',
      'Conservez les factures des biens endommagés et ne jetez rien avant le passage de l’expert, s’il y en a un. Et si vous avez un doute sur les démarches, votre courtier est là pour vous guider : c’est l’un des services que nous rendons au quotidien.',
    ],
  },
  {
    slug: 'loi-hamon-changer-assurance',
    title: 'Loi Hamon : changer d’assurance auto ou habitation en quatre étapes',
    date: '2025-02-11',
    readingMinutes: 4,
    category: 'Conseils',
    summary: "Après un an de contrat, vous pouvez quitter votre assureur quand vous le voulez, sans frais. Voici comment procéder sans jamais rester sans assurance.",
    paragraphs: [
      "Depuis 2015, la loi Hamon permet de résilier à tout moment une assurance auto, moto ou habitation après la première année de contrat, sans frais ni justification. La résiliation prend effet un mois après que votre assureur en a été informé.",
      'Première étape : vérifiez que votre contrat a plus d’un an et demandez votre relevé d’information si vous changez d’assurance auto. Deuxième étape : comparez les offres en regardant les garanties, les franchises et les plafonds, pas seulement la cotisation.',
      'Troisième étape : souscrivez votre nouveau contrat. Pour l’assurance auto et l’assurance habitation d’un locataire, qui sont obligatoires, c’est le nouvel assureur qui se charge de résilier l’ancien contrat et veille à ce qu’il n’y ait aucune interruption de garantie.',
      "Quatrième étape : votre ancien assureur vous rembourse la part de cotisation correspondant à la période non couverte, dans un délai de 30 jours après la date de résiliation. Et depuis juin 2023, un assureur qui permet de souscrire en ligne doit aussi permettre de résilier en quelques clics sur son site.",
    ],
  },
  {
    slug: 'fin-carte-verte',
    title: 'Fin de la carte verte : comment prouver que votre véhicule est assuré',
    date: '2024-10-08',
    readingMinutes: 3,
    category: 'Auto',
    summary: 'Depuis le 1er avril 2024, plus besoin d’afficher la carte verte sur le pare-brise. Ce qui a changé, et ce qu’il faut garder dans la boîte à gants.',
    paragraphs: [
      'Pendant des décennies, le certificat d’assurance, la fameuse carte verte, devait être apposé sur le pare-brise et présenté lors des contrôles. Depuis le 1er avril 2024, ce n’est plus obligatoire : les forces de l’ordre vérifient directement que votre véhicule est assuré en consultant le fichier des véhicules assurés, alimenté par les assureurs.',
      'À la place, votre assureur vous remet un « Mémo véhicule assuré ». Ce document n’a pas besoin d’être affiché, mais il est utile de le garder avec vous : il contient les informations nécessaires pour remplir un constat amiable, comme le numéro de contrat et les coordonnées de l’assureur.',
      'Pour un voyage hors de l’Union européenne, renseignez-vous avant de partir : certains pays exigent encore un certificat international d’assurance, que votre assureur vous délivre sur demande.',
      'Bon à savoir : si vous venez d’acheter un véhicule, il peut s’écouler quelques jours avant qu’il apparaisse dans le fichier. Gardez votre contrat ou votre attestation provisoire à portée de main en cas de contrôle.',
    ],
  },
]);
