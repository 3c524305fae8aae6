import { company, ofCompany } from '../lib/company';
import type { Feature } from '../lib/text-types';
import { elide, lowerFirst, typesetAll } from '../lib/format';
import { team } from '../../../pkg/company/company.json?team';
import type { TeamMember } from '../lib/company';

/** The copy of the about page (/about). */
export const aboutPage = typesetAll({
  title: `À propos ${ofCompany}`,
  lead: `Un courtier en assurance né à ${company.city} en ${company.founded}, avec une conviction : le conseil d’un professionnel doit être aussi simple à obtenir qu’un service en ligne.`,
  whoWeAre: {
    title: 'Qui sommes-nous ?',
    paragraphs: [
      `${company.name} est un cabinet de courtage en assurance fondé en ${company.founded} à ${company.city}. Nous travaillons avec plusieurs compagnies d’assurance partenaires pour proposer aux particuliers comme aux professionnels des contrats adaptés à leur situation : auto et moto, habitation, santé, vie et prévoyance, assurance professionnelle, VTC, flotte automobile et assurance temporaire.`,
      'Notre cabinet est entièrement en ligne : devis, souscription, signature et suivi se font à distance. Mais derrière l’écran, ce sont de vrais conseillers, formés et diplômés, qui analysent vos besoins et répondent à vos questions.',
    ],
  },
  mission: {
    title: 'Notre mission',
    paragraphs: [
      'Rendre l’assurance compréhensible et accessible. Trop de contrats sont souscrits sans que l’assuré sache vraiment ce qu’il couvre, ce qu’il exclut et ce qu’il lui restera à payer en cas de sinistre.',
      'Nous comparons pour vous, nous expliquons les garanties avec des mots simples et nous restons à vos côtés après la signature, au moment où l’assurance compte vraiment : quand survient un sinistre.',
    ],
  },
  facts: [
    { term: 'Création', detail: String(company.founded) },
    { term: 'Siège', detail: `${company.city}, ${company.country}` },
    { term: 'Assurances proposées', detail: String(company.services.length) },
    { term: 'Assistant en ligne', detail: company.online.description },
  ],
  valuesTitle: 'Nos valeurs',
  values: [
    { title: 'Transparence', description: 'Des garanties, des exclusions et une rémunération expliquées sans détour, avant toute signature.' },
    { title: 'Conseil', description: "Nous recommandons le contrat qui correspond à votre besoin, et nous vous disons quand vous êtes déjà bien assuré." },
    { title: 'Simplicité', description: 'Des démarches en ligne, des réponses rapides et un vocabulaire que tout le monde comprend.' },
    { title: 'Engagement', description: 'Un interlocuteur qui suit votre dossier de la souscription à l’indemnisation, sans vous renvoyer d’un service à l’autre.' },
  ] satisfies Feature[],
  team: {
    title: 'L’équipe',
    lead: 'Une équipe de courtiers et de spécialistes du numérique, réunis autour d’un même métier : le conseil en assurance.',
    expertiseLabel: 'Domaines d’expertise',
  },
  regulated: {
    title: 'Un courtier réglementé',
    paragraphs: [
      `${company.name} est immatriculé au registre unique des intermédiaires en assurance, banque et finance (ORIAS) sous le numéro ${company.orias}, en qualité ${elide('de', lowerFirst(company.oriasCategory))}. Cette immatriculation peut être vérifiée sur le site orias.fr.`,
      `Le cabinet est soumis au contrôle de l’${company.supervisor.name}. Il dispose d’une assurance de responsabilité civile professionnelle et d’une garantie financière, comme l’exige le Code des assurances.`,
    ],
    links: [
      { text: 'Vérifier notre immatriculation sur orias.fr', href: 'https://www.orias.fr' },
    ],
    legalLink: { to: '/mentions-legales', label: 'Consulter nos mentions légales' },
  },
});

/** The team of the company profile, shown on the about page only. */
export const aboutTeam: TeamMember[] = typesetAll(team);
