import { answerDelays, company, fullAddress, mailHref, telHref } from '../lib/company';
import { elide, typesetAll } from '../lib/format';
import type { TextSection } from '../lib/text-types';

/** The copy of the terms of use (/terms). */
export const termsPage = typesetAll({
  title: 'Conditions générales d’utilisation',
  lead: `Les règles d’utilisation du site ${company.name} et de l’espace client : ce que nous vous proposons, ce que nous attendons de vous, et le rôle du courtier.`,
  /** Date from which this version applies, ISO 8601. */
  updated: '2026-11-22',
});

/** The sections of the terms of use. */
export const termsSections: TextSection[] = typesetAll([
  {
    id: 'objet',
    title: '1. Objet',
    blocks: [
      `Les présentes conditions générales d’utilisation (CGU) définissent les conditions dans lesquelles vous pouvez utiliser le site ${company.website} et l’espace client, édités par ${company.fullName} (ci-après « ${company.name} » ou « nous »). Les informations légales sur l’éditeur figurent dans les mentions légales.`,
      'En utilisant le site, vous acceptez les présentes CGU. Elles ne remplacent pas les conditions générales et particulières des contrats d’assurance que vous souscrivez : ce sont ces documents, remis avant toute souscription, qui définissent vos garanties.',
    ],
  },
  {
    id: 'definitions',
    title: '2. Définitions',
    blocks: [
      {
        terms: [
          { term: 'Site', detail: `Le site ${company.website} et l’ensemble de ses pages.` },
          { term: 'Utilisateur', detail: 'Toute personne qui consulte le site, avec ou sans compte.' },
          { term: 'Espace client', detail: "La partie du site réservée aux utilisateurs connectés : profil, demandes de devis, tableau de bord et historique des échanges." },
          { term: 'Assistant', detail: "Le service de discussion en ligne accessible sur chaque page, qui répond automatiquement aux questions courantes et peut vous mettre en relation avec un conseiller." },
          { term: 'Assureur', detail: 'L’entreprise d’assurance qui porte le risque et émet le contrat.' },
        ],
      },
    ],
  },
  {
    id: 'acces',
    title: '3. Accès au site',
    blocks: [
      'Le site est accessible gratuitement à toute personne disposant d’un accès à internet ; les frais de connexion restent à votre charge. Nous nous efforçons de le rendre disponible à toute heure, mais son accès peut être interrompu pour maintenance, mise à jour ou en cas d’incident, sans que cela ouvre droit à indemnisation.',
      'La consultation des pages d’information est libre. La demande de devis, le suivi de vos demandes et l’historique de vos échanges nécessitent un compte.',
    ],
  },
  {
    id: 'compte',
    title: '4. Votre compte',
    blocks: [
      ['Le compte se crée depuis la page ', { text: 'Inscription', to: '/register' }, ". Il est réservé aux personnes majeures et strictement personnel. Vous vous engagez à fournir des informations exactes et à les tenir à jour."],
      'Vous êtes responsable de la confidentialité de votre mot de passe et de l’utilisation de votre compte. Si vous soupçonnez une utilisation frauduleuse, modifiez votre mot de passe et prévenez-nous sans délai.',
      ["Vous pouvez demander la suppression de votre compte à tout moment en nous écrivant à ", { text: company.email, href: mailHref }, ". Les données dont la conservation est imposée par la loi sont conservées pour la durée prévue par notre ", { text: 'politique de confidentialité', to: '/privacy' }, '.'],
      "En cas de manquement grave aux présentes CGU, nous pouvons suspendre ou fermer un compte, après vous en avoir informé, sauf urgence liée à la sécurité du site ou des autres utilisateurs.",
    ],
  },
  {
    id: 'courtier',
    title: '5. Notre rôle de courtier',
    blocks: [
      `${company.name} est un intermédiaire en assurance immatriculé à l’ORIAS sous le numéro ${company.orias}. Nous ne sommes pas un assureur : nous recherchons pour vous des contrats auprès de nos assureurs partenaires, nous vous conseillons et nous vous accompagnons pendant la vie du contrat. Le contrat est conclu entre vous et l’assureur, qui porte le risque et règle les sinistres.`,
      'Avant toute souscription, nous recueillons vos exigences et vos besoins, nous vous remettons une recommandation motivée et le document d’information normalisé du produit, et nous vous indiquons la nature de notre rémunération. L’assureur reste seul juge de l’acceptation du risque et du tarif.',
      ['Nos obligations d’information, notre indépendance et la procédure de réclamation sont détaillées dans nos ', { text: 'mentions légales', to: '/mentions-legales' }, '.'],
    ],
  },
  {
    id: 'devis',
    title: '6. Devis',
    blocks: [
      'Les devis sont gratuits et sans engagement. Ils sont établis à partir des informations que vous déclarez et n’engagent l’assureur qu’après l’acceptation du risque, dans la limite de la durée de validité indiquée.',
      'Vos réponses doivent être sincères et complètes. Une fausse déclaration intentionnelle peut entraîner la nullité du contrat (article L. 113-8 du Code des assurances) ; une omission ou une inexactitude non intentionnelle peut entraîner une réduction de l’indemnité en cas de sinistre (article L. 113-9).',
    ],
  },
  {
    id: 'souscription',
    title: '7. Souscription en ligne et droit de renonciation',
    blocks: [
      'La souscription peut se faire entièrement en ligne. La signature électronique a la même valeur juridique qu’une signature manuscrite (article 1367 du Code civil).',
      'Lorsque vous souscrivez à distance un contrat pour vos besoins personnels, vous disposez en principe d’un délai de renonciation de 14 jours calendaires à compter de la conclusion du contrat ou de la réception des documents contractuels (article L. 112-2-1 du Code des assurances), porté à 30 jours pour l’assurance vie. Ce droit ne s’applique pas, notamment, aux contrats d’une durée inférieure à un mois ni aux contrats exécutés intégralement à votre demande expresse. Les modalités de renonciation figurent dans les documents de chaque contrat.',
    ],
  },
  {
    id: 'assistant',
    title: '8. Assistant en ligne',
    blocks: [
      'L’assistant fournit des informations générales sur l’assurance et sur nos services. Ses réponses automatiques ne constituent ni un conseil personnalisé ni un engagement de garantie : seul un conseiller peut vous recommander un contrat, et seul l’assureur peut accepter un risque.',
      'N’indiquez dans le chat ni informations de santé, ni coordonnées bancaires, ni mot de passe. Les conversations sont conservées pour la durée indiquée dans notre politique de confidentialité.',
    ],
  },
  {
    id: 'obligations',
    title: '9. Vos engagements',
    blocks: [
      'En utilisant le site, vous vous engagez à :',
      {
        list: [
          'ne pas usurper l’identité d’un tiers ni fournir d’informations fausses ;',
          'ne pas tenter d’accéder à des données ou à des parties du site qui ne vous sont pas destinées, ni d’en perturber le fonctionnement ;',
          "ne pas extraire le contenu du site de manière automatisée ou massive ;",
          'ne pas publier dans vos messages de contenu illicite, injurieux ou portant atteinte aux droits d’autrui.',
        ],
      },
    ],
  },
  {
    id: 'propriete',
    title: '10. Propriété intellectuelle',
    blocks: [
      `Les textes, illustrations, logos, marques et logiciels du site sont la propriété ${elide('de', company.fullName)} ou de ses partenaires et sont protégés par le Code de la propriété intellectuelle. Toute reproduction ou représentation, totale ou partielle, sans autorisation écrite préalable est interdite, à l’exception des courtes citations mentionnant leur source.`,
    ],
  },
  {
    id: 'responsabilite',
    title: '11. Responsabilité',
    blocks: [
      'Les informations générales publiées sur le site, notamment sur le blog, sont données à titre indicatif et ne remplacent pas l’examen de votre situation par un conseiller ni les documents contractuels. Nous veillons à leur exactitude et à leur mise à jour, sans pouvoir garantir qu’elles soient exhaustives.',
      'Nous ne sommes pas responsables des dommages résultant d’une interruption du site due à un cas de force majeure, au fait d’un tiers ou à une utilisation du site non conforme aux présentes CGU. Les liens vers des sites extérieurs sont fournis pour votre information ; nous n’avons pas de contrôle sur leur contenu.',
    ],
  },
  {
    id: 'donnees',
    title: '12. Données personnelles',
    blocks: [
      ['Le traitement de vos données personnelles est décrit dans notre ', { text: 'politique de confidentialité', to: '/privacy' }, ', qui précise notamment vos droits et la manière de les exercer.'],
    ],
  },
  {
    id: 'modification',
    title: '13. Modification des CGU',
    blocks: [
      'Nous pouvons modifier les présentes CGU, notamment pour tenir compte d’une évolution du site ou de la réglementation. La version applicable est celle en ligne au jour de votre utilisation ; en cas de changement important, les titulaires d’un compte en sont informés par e-mail ou dans leur espace client.',
    ],
  },
  {
    id: 'litiges',
    title: '14. Droit applicable et litiges',
    blocks: [
      'Les présentes CGU sont soumises au droit français.',
      ['En cas de désaccord, adressez d’abord une réclamation à notre service Réclamations, selon la procédure décrite dans nos ', { text: 'mentions légales', to: '/mentions-legales' }, `. Si la réponse ne vous satisfait pas, ou en l’absence de réponse dans un délai de ${answerDelays.complaintAnswer}, vous pouvez saisir gratuitement ${company.mediator.name}, `, { text: company.mediator.website.replace(/^https?:\/\/(www\.)?/, ''), href: company.mediator.website }, '.'],
      'À défaut de solution amiable, le litige sera porté devant les juridictions françaises compétentes.',
    ],
  },
  {
    id: 'contact',
    title: '15. Nous contacter',
    blocks: [
      [`${company.fullName}, ${fullAddress}. Téléphone : `, { text: company.phone, href: telHref }, '. E-mail : ', { text: company.email, href: mailHref }, '.'],
    ],
  },
]);
