import { answerDelays, company } from '../lib/company';
import { elide, typesetAll } from '../lib/format';

const { complaintAcknowledge: acknowledge, complaintAnswer: answer } = answerDelays;

/** How long a complaint is kept once answered or closed (pkg/complaint.Retention). */
export const retentionYears = 5;

/**
 * The copy of the complaints page (/reclamations). The delays, the
 * complaints service's addresses and the mediator come from the company
 * profile, so the page promises what the back office counts.
 */
export const complaintsPage = typesetAll({
  title: 'Réclamations',
  lead: `Vous êtes mécontent de nos services ? Dites-le-nous : chaque réclamation est enregistrée, suivie par notre service Réclamations et reçoit une réponse écrite.`,
  toForm: 'Déposer une réclamation',
  procedure: {
    title: 'Comment se passe une réclamation',
    intro: 'Une réclamation est l’expression d’un mécontentement envers nos services, quel que soit son objet : un devis, un contrat, un conseil, un échange avec un conseiller. Une simple demande d’information ou de prestation n’en est pas une.',
    steps: [
      {
        title: 'Vous nous écrivez',
        description: 'Par le formulaire de cette page, par e-mail ou par courrier. Décrivez les faits et ce que vous demandez ; joignez une référence de contrat ou de demande si vous en avez une.',
      },
      {
        title: `Accusé de réception sous ${acknowledge}`,
        description: `Nous accusons réception de votre réclamation dans un délai maximal de ${acknowledge} à compter de son envoi, sauf si nous vous répondons dans ce délai.`,
      },
      {
        title: `Réponse sous ${answer} au plus`,
        description: `Nous vous apportons une réponse écrite dans un délai maximal de ${answer} à compter de l’envoi de votre réclamation. Si elle concerne l’assureur (un contrat, un sinistre), nous la lui transmettons et suivons son traitement pour vous.`,
      },
    ],
  },
  write: {
    title: 'Nous écrire autrement',
    email: 'Par e-mail',
    post: 'Par courrier',
  },
  mediation: {
    title: 'Le médiateur',
    intro: `Si notre réponse ne vous satisfait pas, ou si vous n’avez pas reçu de réponse ${answer} après l’envoi de votre réclamation, vous pouvez saisir gratuitement le médiateur :`,
    name: 'Médiateur',
    address: 'Adresse',
    website: 'Site',
    delay: 'Le médiateur doit être saisi dans un délai d’un an à compter de votre réclamation écrite auprès de nous. Le recours à la médiation est gratuit et facultatif : vous conservez le droit de saisir les tribunaux.',
  },
  form: {
    title: 'Déposer une réclamation en ligne',
    intro: 'Tous les champs sont obligatoires, sauf mention contraire.',
    subject: 'Objet de la réclamation',
    subjectHint: 'En quelques mots, par exemple « Remboursement non reçu ».',
    concerns: 'Contrat ou demande concerné (facultatif)',
    // Non-breaking hyphens: the example reference stays on one line.
    concernsHint: 'Un numéro de contrat ou une référence de demande, par exemple DV\u20112026\u2011000123.',
    facts: 'Les faits',
    factsHint: 'Ce qui s’est passé, avec les dates, les montants et les personnes avec qui vous avez échangé.',
    demand: 'Ce que vous demandez',
    demandHint: 'Un remboursement, une correction, des excuses, une explication…',
    identity: 'Vos coordonnées',
    name: 'Nom et prénom',
    email: 'Adresse e-mail',
    emailHint: 'Nous vous y envoyons l’accusé de réception et la réponse.',
    phone: 'Téléphone (facultatif)',
    // The name and e-mail go between, as typed: the page is prerendered with
    // markers in their place, so no typographic rule may depend on them.
    signedInAs: { before: 'Vous êtes connecté en tant que ', after: '. L’accusé de réception et la réponse vous seront aussi présentés dans votre espace client.' },
    consent: `J’accepte ${elide('que', company.name)} conserve ces informations et mes coordonnées pour traiter ma réclamation. Elles sont gardées ${retentionYears} ans après la réponse ou la clôture de la réclamation, puis supprimées ; celles d’un client le sont aussi avec son compte.`,
    privacy: { before: 'Pour en savoir plus et exercer vos droits, consultez notre ', link: 'politique de confidentialité', after: '.' },
    submit: 'Envoyer ma réclamation',
    sending: 'Envoi…',
    failed: 'L’envoi a échoué. Réessayez dans un instant.',
  },
  done: {
    title: 'Votre réclamation est enregistrée',
    ref: 'Votre référence',
    refNote: 'Rappelez-la dans vos échanges avec nous.',
    acknowledge: (date: string) => `Nous accusons réception de votre réclamation sous ${acknowledge}, au plus tard le ${date}.`,
    answer: (date: string) => `Nous vous répondons par écrit au plus tard le ${date}.`,
    dashboard: 'Suivre ma réclamation dans mon espace',
    home: 'Retour à l’accueil',
  },
});
