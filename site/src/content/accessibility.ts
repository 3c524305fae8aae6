import { answerDelays, company, fullAddress, mailHref, telHref } from '../lib/company';
import { formatDate, typesetAll } from '../lib/format';
import type { TextLink, TextSection } from '../lib/text-types';

/**
 * The state of the site against RGAA 4.1, as the footer says it too
 * (« Accessibilité : partiellement conforme »). RGAA's three levels are
 * « totalement conforme », « partiellement conforme » and « non conforme »;
 * no full audit of the 106 criteria has been made yet, so the site cannot
 * claim more than « partiellement conforme ».
 */
export const conformance = 'partiellement conforme';

/** The day this statement was drawn up, ISO 8601. */
export const established = '2026-12-07';

/**
 * The test environment of the browser tests on the day of the statement:
 * /usr/bin/chromium, and site/package.json's playwright-core and axe-core
 * (accessibility.test.ts holds the last two to package.json).
 */
export const testEnvironment = {
  chromium: '156',
  playwright: '1.65',
  axe: '4.14',
};

const site = company.website.replace(/^https?:\/\//, '');

const defenderForm: TextLink = { text: 'formulaire.defenseurdesdroits.fr', href: 'https://formulaire.defenseurdesdroits.fr/' };
const defenderDelegates: TextLink = { text: 'defenseurdesdroits.fr/carte-des-delegues', href: 'https://www.defenseurdesdroits.fr/carte-des-delegues' };

/** The copy of the accessibility statement (/accessibilite). */
export const accessibilityPage = typesetAll({
  title: 'Déclaration d’accessibilité',
  lead: `Ce que nous avons vérifié de l’accessibilité de notre site, ce qui ne l’est pas encore, et comment obtenir une information ou un service sous une autre forme si une page vous résiste.`,
  updated: established,
});

/** The sections of the accessibility statement. */
export const accessibilitySections: TextSection[] = typesetAll([
  {
    id: 'engagement',
    title: 'Notre engagement',
    blocks: [
      `${company.fullName} s’engage à rendre son site internet et son espace client accessibles aux personnes handicapées, conformément à l’article L. 412-13 du Code de la consommation, issu de la loi n° 2023-171 du 9 mars 2023 qui transpose l’acte européen sur l’accessibilité (directive (UE) 2019/882), et au décret n° 2023-931 du 9 octobre 2023. Depuis le 28 juin 2025, ces textes s’appliquent aux services qui permettent de conclure un contrat en ligne avec un consommateur, comme la demande de prix et la souscription d’une assurance sur ce site.`,
      `Cette déclaration d’accessibilité s’applique au site ${site} : ses pages publiques et l’espace client.`,
    ],
  },
  {
    id: 'etat',
    title: 'État de conformité',
    blocks: [
      `Le site ${site} est ${conformance} avec le référentiel général d’amélioration de l’accessibilité (RGAA), version 4.1, en raison des non-conformités et des points non vérifiés énumérés ci-dessous.`,
      'Aucun audit complet des 106 critères du RGAA n’a encore été réalisé sur un échantillon de pages : nous ne publions donc pas de taux de conformité, et nous ne pouvons pas déclarer le site « totalement conforme ». Cette déclaration décrit ce que nos tests vérifient à chaque modification du site et ce qui a été relu à la main.',
    ],
  },
  {
    id: 'verifie',
    title: 'Ce qui est vérifié',
    blocks: [
      'À chaque modification du site, des tests automatiques, pour la plupart dans un vrai navigateur, vérifient :',
      {
        list: [
          'les règles WCAG 2.1 niveaux A et AA de l’outil axe-core, contraste des couleurs compris, sur chaque page publique, la page introuvable et les principales pages de l’espace client, en thème clair et en thème sombre, à 375 px (téléphone) et à 1 280 px de large ;',
          'les mêmes règles sur les parcours, sans défilement horizontal à 375 px : formulaires de contact, de devis et de réclamation avec leurs messages d’erreur, prix immédiat, souscription, contrat et résiliation, déclaration de sinistre, sessions, assistant en ligne ouvert ;',
          'l’usage au clavier seul : menu, menu du compte, assistant en ligne (ouvrir, écrire, suivre un lien, fermer avec Échap), formulaires de contact, de devis et de réclamation, prix immédiat, souscription, déclaration de sinistre, seconde authentification ;',
          'chaque page publique sans JavaScript : son titre, son texte, les coordonnées du cabinet et des liens qui fonctionnent, le menu accessible à 375 px ;',
          'le titre de chaque page, un seul titre de niveau 1 et aucun niveau de titre sauté ;',
          'les erreurs de formulaire : un message en français à côté du champ concerné, qui reçoit le focus ;',
          'aucune animation ni transition quand le système demande de réduire les animations ;',
          'le contraste de chaque paire de couleurs utilisée pour du texte (au moins 4,5:1) et pour les contours et le focus des contrôles (au moins 3:1), dans les deux thèmes, calculé à partir des couleurs du site.',
        ],
      },
      'Relu à la main : l’affichage des pages publiques et de l’espace client à 375 px et à 1 280 px, dans les deux thèmes, sur des captures d’écran.',
    ],
  },
  {
    id: 'non-accessible',
    title: 'Contenus non accessibles',
    blocks: [
      'Non-conformité connue :',
      {
        list: [
          'les documents PDF de vos contrats (fiche d’information et de conseil, conditions particulières, document d’information sur le produit d’assurance, mandat de prélèvement SEPA, mémo du véhicule assuré, modèle de lettre de rétractation, fichier de preuve de la signature) ne sont pas balisés : leur texte est sélectionnable et leur langue déclarée, mais leurs titres, listes et tableaux ne sont pas restitués comme tels par un lecteur d’écran (critère 13.3). Le document d’information des assurances auto, moto, habitation, VTC et temporaire est aussi publié en page web, et nous vous envoyons sur demande le contenu de tout document sous une autre forme.',
        ],
      },
      'Points non encore vérifiés :',
      {
        list: [
          'la restitution par les lecteurs d’écran (NVDA, JAWS, VoiceOver, TalkBack) : aucun test n’a encore été fait avec ces logiciels, en particulier sur les messages de l’assistant en ligne et du conseiller qui arrivent en direct ;',
          'l’affichage à 320 px de large, avec un zoom du texte à 200 % et avec un espacement du texte augmenté (critères 10.4, 10.11 et 10.12) : nos tests s’arrêtent à 375 px ;',
          'les limites de temps (critère 13.1) : la session se termine après 30 minutes d’inactivité, sauf si vous cochez « Se souvenir de moi » à la connexion, et le code de signature d’un contrat vaut 10 minutes, un nouveau code pouvant être demandé ;',
          'les e-mails que le site vous envoie ;',
          'les critères qui demandent un jugement humain : pertinence des alternatives textuelles, des intitulés de liens et de boutons, ordre de lecture, changements de langue.',
        ],
      },
      'Hors du champ de cette déclaration : les outils internes de nos conseillers (tableau de bord des conseillers et application en mode texte), les photos et justificatifs que les utilisateurs envoient, et les sites de réseaux sociaux vers lesquels renvoie le pied de page.',
    ],
  },
  {
    id: 'etablissement',
    title: 'Établissement de cette déclaration',
    blocks: [
      `Cette déclaration a été établie le ${formatDate(established)}. Elle sera mise à jour à chaque évolution notable du site et après le premier audit complet.`,
      {
        terms: [
          { term: 'Technologies utilisées', detail: 'HTML, CSS, JavaScript, WAI-ARIA' },
          { term: 'Environnement de test', detail: `Chromium ${testEnvironment.chromium} sans interface, piloté par Playwright ${testEnvironment.playwright}, en thème clair et sombre, à 375 px et 1 280 px de large, avec et sans JavaScript` },
          { term: 'Outils', detail: `axe-core ${testEnvironment.axe} (règles WCAG 2.1 A et AA), tests automatisés du site, calcul des contrastes des couleurs du site` },
        ],
      },
      'Pages de l’échantillon :',
      {
        list: [
          [{ text: 'Accueil', to: '/' }, ', ', { text: 'Contact', to: '/contact' }, ', ', { text: 'Mentions légales', to: '/mentions-legales' }, ', ', { text: 'Déclaration d’accessibilité', to: '/accessibilite' }, ' ;'],
          [{ text: 'Connexion', to: '/login' }, ' et ', { text: 'Inscription', to: '/register' }, ' ;'],
          [{ text: 'Nos assurances', to: '/insurance' }, ' et les pages de chaque assurance, dont l’', { text: 'assurance auto et moto', to: '/insurance/car' }, ' ;'],
          [{ text: 'Prix immédiat de l’assurance auto', to: '/prix/auto' }, ' et les autres prix immédiats, avec les documents d’information de chaque produit ;'],
          [{ text: 'Réclamations', to: '/reclamations' }, ', ', { text: 'Politique de confidentialité', to: '/privacy' }, ', ', { text: 'Conditions générales d’utilisation', to: '/terms' }, ' ;'],
          'dans l’espace client : tableau de bord, profil, demande de devis et choix du véhicule, mes devis, souscription, mes contrats, signature, déclaration de sinistre et mes sinistres ;',
          'l’assistant en ligne, ouvert sur une page.',
        ],
      },
    ],
  },
  {
    id: 'signaler',
    title: 'Signaler un défaut et obtenir le contenu autrement',
    blocks: [
      'Si vous n’arrivez pas à accéder à un contenu ou à un service, dites-le-nous : nous vous orientons vers une autre façon d’y accéder, et vous avez le droit d’obtenir le contenu sous une autre forme (texte, e-mail, courrier, par téléphone avec un conseiller). Vous pouvez nous écrire ou nous appeler :',
      {
        terms: [
          { term: 'E-mail', detail: [{ text: company.email, href: mailHref }] },
          { term: 'Téléphone', detail: [{ text: company.phone, href: telHref }] },
          { term: 'Courrier', detail: `${company.fullName}, ${fullAddress}` },
          { term: 'En ligne', detail: ['le formulaire de notre page ', { text: 'Contact', to: '/contact' }] },
        ],
      },
      `Précisez la page concernée et ce qui vous a bloqué. Nous vous répondons ${answerDelays.contact}.`,
    ],
  },
  {
    id: 'recours',
    title: 'Voies de recours',
    blocks: [
      'Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service et que notre réponse ne vous satisfait pas, ou que vous n’avez pas reçu de réponse, vous pouvez adresser une réclamation au Défenseur des droits :',
      {
        list: [
          ['par le formulaire en ligne : ', defenderForm, ' ;'],
          ['auprès de l’un de ses délégués, près de chez vous : ', defenderDelegates, ' ;'],
          'par courrier, gratuit et sans affranchissement : Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.',
        ],
      },
    ],
  },
]);
