import { answerDelays, company, fullAddress, mailHref, telHref } from '../lib/company';
import { elide, typesetAll } from '../lib/format';
import type { TextLink, TextSection } from '../lib/text-types';

/** A link whose text is the address without its scheme: "https://www.orias.fr" shows "orias.fr". */
function siteLink(href: string): TextLink {
  return { text: href.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, ''), href };
}

const complaintsMail: TextLink = { text: company.complaints.email, href: `mailto:${company.complaints.email}` };

/** The copy of the legal notices (/mentions-legales). */
export const legalPage = typesetAll({
  title: 'Mentions légales',
  lead: `Les informations exigées par la loi pour la confiance dans l’économie numérique et par le Code des assurances : éditeur, hébergeur, immatriculation, contrôle, réclamations et médiation.`,
});

/** The sections of the legal notices. */
export const legalSections: TextSection[] = typesetAll([
  {
    id: 'editeur',
    title: 'Éditeur du site',
    blocks: [
      {
        terms: [
          { term: 'Dénomination', detail: company.fullName },
          { term: 'Capital social', detail: company.shareCapital },
          { term: 'Siège social', detail: `${fullAddress}, ${company.country}` },
          { term: 'Immatriculation', detail: company.rcs },
          { term: 'SIRET', detail: company.siret },
          { term: 'TVA intracommunautaire', detail: company.vatNumber },
          { term: 'Activité', detail: company.activity },
          { term: 'Téléphone', detail: [{ text: company.phone, href: telHref }] },
          { term: 'E-mail', detail: [{ text: company.email, href: mailHref }] },
          { term: 'Directeur de la publication', detail: company.publicationDirector },
        ],
      },
    ],
  },
  {
    id: 'hebergeur',
    title: 'Hébergeur',
    blocks: [
      {
        terms: [
          { term: 'Dénomination', detail: company.host.name },
          { term: 'Adresse', detail: company.host.address },
          { term: 'Téléphone', detail: company.host.phone },
        ],
      },
    ],
  },
  {
    id: 'orias',
    title: 'Intermédiaire en assurance',
    blocks: [
      {
        terms: [
          { term: 'Immatriculation', detail: `ORIAS n° ${company.orias}` },
          { term: 'Catégorie', detail: company.oriasCategory },
          { term: 'Vérification', detail: ['Registre unique des intermédiaires en assurance, banque et finance, consultable sur ', siteLink('https://www.orias.fr')] },
          { term: 'Garanties', detail: company.professionalLiability },
        ],
      },
    ],
  },
  {
    id: 'controle',
    title: 'Autorité de contrôle',
    blocks: [
      [`${company.name} est soumis au contrôle de l’${company.supervisor.name}, ${company.supervisor.address}, `, siteLink(company.supervisor.website), '.'],
    ],
  },
  {
    id: 'independance',
    title: 'Indépendance',
    blocks: [
      `${company.name} exerce en qualité de courtier et travaille avec plusieurs entreprises d’assurance. Il n’est soumis à aucune obligation contractuelle de travailler exclusivement avec l’une d’elles.`,
      'Il ne fonde pas son conseil sur l’analyse d’un nombre suffisant de contrats offerts sur le marché : la liste des entreprises d’assurance avec lesquelles il travaille vous est communiquée sur simple demande.',
      `Aucune entreprise d’assurance ne détient de participation, directe ou indirecte, de 10 % ou plus des droits de vote ou du capital ${elide('de', company.fullName)}, et ${company.fullName} ne détient aucune participation de 10 % ou plus des droits de vote ou du capital d’une entreprise d’assurance.`,
      'Nous sommes rémunérés par une commission versée par l’assureur et comprise dans la cotisation ; lorsque des frais de courtage s’y ajoutent, leur montant vous est indiqué avant la souscription.',
    ],
  },
  {
    id: 'reclamations',
    title: 'Réclamations',
    blocks: [
      'Une réclamation est l’expression d’un mécontentement envers nos services. Vous pouvez l’adresser à notre service Réclamations :',
      {
        list: [
          ['en ligne, par notre ', { text: 'formulaire de réclamation', to: '/reclamations' }, ' ;'],
          ['par e-mail : ', complaintsMail, ' ;'],
          `par courrier : ${company.complaints.address}.`,
        ],
      },
      `Nous accusons réception de votre réclamation dans un délai maximal de ${answerDelays.complaintAcknowledge} à compter de son envoi, sauf si nous vous apportons une réponse dans ce délai, et nous vous répondons dans un délai maximal de ${answerDelays.complaintAnswer} à compter de son envoi.`,
      'Si votre réclamation concerne un contrat, sa gestion ou le règlement d’un sinistre par l’assureur, nous la transmettons au service compétent de l’assureur et suivons son traitement pour vous.',
    ],
  },
  {
    id: 'mediation',
    title: 'Médiation',
    blocks: [
      `Si la réponse à votre réclamation ne vous satisfait pas, ou si vous n’avez pas reçu de réponse dans un délai de ${answerDelays.complaintAnswer}, vous pouvez saisir gratuitement le médiateur :`,
      {
        terms: [
          { term: 'Médiateur', detail: company.mediator.name },
          { term: 'Adresse', detail: company.mediator.address },
          { term: 'Site', detail: [siteLink(company.mediator.website)] },
        ],
      },
      'Le médiateur doit être saisi dans un délai d’un an à compter de votre réclamation écrite auprès de nous. Le recours à la médiation est facultatif : vous conservez le droit de saisir les tribunaux.',
    ],
  },
  {
    id: 'autres',
    title: 'Données personnelles et conditions d’utilisation',
    blocks: [
      ['Le traitement de vos données personnelles est décrit dans notre ', { text: 'politique de confidentialité', to: '/privacy' }, '. L’utilisation du site est régie par nos ', { text: 'conditions générales d’utilisation', to: '/terms' }, '.'],
    ],
  },
]);
