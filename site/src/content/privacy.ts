import contactForm from '../../../pkg/contact/form.json';
import { company, fullAddress, mailHref } from '../lib/company';
import type { TextSection } from '../lib/text-types';
import { typesetAll } from '../lib/format';

const email = { text: company.email, href: mailHref };

/** The copy of the privacy policy (/privacy). */
export const privacyPage = typesetAll({
  title: 'Politique de confidentialité',
  lead: `Quelles données personnelles ${company.name} traite, pourquoi, combien de temps, avec qui elles sont partagées et comment exercer vos droits.`,
  /** Date of the last change, ISO 8601. */
  updated: '2026-11-27',
});

/** The sections of the privacy policy. */
export const privacySections: TextSection[] = typesetAll([
  {
    id: 'responsable',
    title: 'Qui est responsable de vos données ?',
    blocks: [
      `Le responsable du traitement de vos données personnelles est ${company.fullName}, société de courtage en assurance immatriculée au ${company.rcs}, dont le siège est situé ${fullAddress}.`,
      ['Pour toute question sur vos données, écrivez-nous à ', email, ' ou par courrier à l’adresse ci-dessus.'],
      'Lorsque nous transmettons vos informations à une entreprise d’assurance pour établir un devis ou gérer un contrat, cet assureur devient lui-même responsable des traitements qu’il réalise ; sa propre politique de confidentialité vous est remise avec ses documents contractuels.',
    ],
  },
  {
    id: 'donnees',
    title: 'Les données que nous collectons',
    blocks: [
      'Nous ne collectons que les données nécessaires à chaque finalité, auprès de vous directement :',
      {
        list: [
          'Compte client : adresse e-mail, nom d’affichage, mot de passe (conservé uniquement sous forme d’empreinte chiffrée, jamais en clair), rôle, dates de création et de mise à jour du compte.',
          'Demandes de devis : identité et coordonnées, informations sur ce que vous souhaitez assurer (véhicule, logement, activité professionnelle, personnes à couvrir), historique d’assurance (coefficient bonus-malus, sinistres antérieurs) et situation familiale ou patrimoniale lorsque le contrat le requiert ; les offres que nous vous proposons, votre choix ou le motif de votre refus.',
          'Prix immédiats : vos réponses au formulaire de prix (date de naissance, date du permis, bonus-malus, code postal, véhicule ou logement, usage, sinistres déclarés), les besoins que vous indiquez, les prix calculés et notre conseil ; si vous les gardez, l’adresse e-mail donnée ou votre compte, et votre accord pour être rappelé.',
          'Suivi de vos demandes par nos équipes : leur référence, leur statut, le conseiller qui les suit, l’historique des étapes (qui a fait quoi et quand) et les notes internes de nos conseillers. Ces éléments sont supprimés avec la demande ; le téléchargement de vos données contient leur référence, leur statut et nos réponses ; les notes internes n’y figurent pas, mais vous pouvez en obtenir communication en exerçant votre droit d’accès auprès de nous (voir « Vos droits »).',
          'Conversations dans le chat : vos messages et les réponses de l’assistant ou du conseiller, avec le nom du conseiller qui vous a répondu, leur date et heure, jusqu’où vous et le conseiller avez lu la conversation, le sujet détecté par l’assistant et, si vous êtes connecté, le lien avec votre compte. Quand vous écrivez à un conseiller, il voit que vous êtes en train d’écrire ; cette indication lui est transmise sur le moment et n’est pas enregistrée.',
          'Messages de contact et demandes de rappel : nom, adresse e-mail, téléphone, objet et contenu du message ; pour un rappel, le créneau choisi, l’assurance concernée et les appels passés ; nos réponses, que vous retrouvez dans votre espace client si vous êtes connecté.',
          'Contrats souscrits en ligne : le contrat (assureur, formule, risque assuré, immatriculation du véhicule ou logement, adresse, date de début, prime), les documents émis (conditions particulières, fiche d’information et de conseil, mandat SEPA, Mémo Véhicule Assuré…) avec leur empreinte SHA-256, le fichier de preuve de la signature électronique (date et heure, adresse IP, navigateur, envoi et saisie du code, cases cochées), le mandat de prélèvement (titulaire et IBAN du compte), l’échéancier, les justificatifs envoyés (permis, carte grise, relevé d’information) et leur vérification, la résiliation ou la rétractation demandée.',
          'Sinistres : la déclaration (contrat concerné, ou assureur et numéro d’un contrat souscrit ailleurs ; nature, date et lieu du sinistre, circonstances, réponses aux questions posées, comme l’identité de l’autre conducteur ou du voisin concerné), les photos et documents envoyés (constat amiable, récépissé de plainte, factures…) et ceux que nous y joignons, les messages échangés avec nos conseillers, et les étapes du dossier (numéro de sinistre de l’assureur, pièces demandées, indemnité ou motif du refus).',
          "Réclamations : nom et coordonnées, objet, contrat ou demande concerné, faits exposés et demande, accord donné sur le formulaire, accusé de réception et réponse, dates de leur envoi.",
          'Données techniques : journaux du serveur (adresse IP, date et heure, page demandée, navigateur, code de réponse) et rapports d’erreur envoyés par votre navigateur en cas de panne d’affichage (message d’erreur, page concernée et heure, sans donnée personnelle).',
          'Candidatures : CV, lettre de motivation et échanges avec vous, lorsque vous postulez par e-mail.',
        ],
      },
      'Certains contrats de prévoyance ou d’assurance de prêt exigent des informations sur votre santé. Elles ne sont recueillies qu’avec votre consentement exprès, et le questionnaire de santé est transmis directement au médecin-conseil de l’assureur : nos conseillers n’y ont pas accès. N’écrivez pas d’informations de santé ni de coordonnées bancaires dans le chat.',
    ],
  },
  {
    id: 'finalites',
    title: 'Pourquoi nous les utilisons et combien de temps nous les gardons',
    blocks: [
      {
        table: {
          caption: 'Finalités, bases légales et durées de conservation',
          head: ['Finalité', 'Base légale (article 6 du RGPD)', 'Durée de conservation'],
          rows: [
            ['Créer et gérer votre compte et votre espace client', 'Exécution du contrat (conditions générales d’utilisation)', 'Jusqu’à la suppression du compte ; un compte sans connexion pendant 3 ans est supprimé après un message d’avertissement'],
            ['Établir vos devis et vous conseiller', "Mesures précontractuelles prises à votre demande et obligation légale de conseil (article L. 521-4 du Code des assurances)", '3 ans après le dernier contact si aucun contrat n’est souscrit'],
            ['Calculer vos prix immédiats et garder ceux que vous gardez', "Mesures précontractuelles prises à votre demande et obligation légale de conseil (article L. 521-4 du Code des assurances)", 'Des prix que vous ne gardez pas : jusqu’au lendemain de la fin de leur validité (30 jours). Des prix gardés : 3 ans après la fin de leur validité, ou aussitôt avec votre compte si vous le supprimez'],
            ['Placer et gérer vos contrats, vous accompagner en cas de sinistre', 'Exécution du contrat', 'Durée du contrat, puis 5 ans après sa fin (délai de prescription)'],
            ['Gérer les contrats souscrits en ligne (signature, documents, prélèvements, justificatifs)', 'Exécution du contrat et obligation légale', "Durée du contrat, puis 5 ans après la fin de la couverture (prescription de droit commun, article 2224 du Code civil), même si vous supprimez votre compte ; un contrat jamais signé est supprimé après 30 jours, ou aussitôt avec votre compte"],
            ['Déclarer vos sinistres et suivre leur règlement auprès de l’assureur (déclaration, photos et documents, messages)', 'Exécution du contrat, puis intérêt légitime à la constatation, à l’exercice ou à la défense de droits en justice', "5 ans après la clôture du dossier (indemnisé, refusé ou clos), même si vous supprimez votre compte (article 17.3.e du RGPD)"],
            ['Répondre à vos messages dans le chat et améliorer notre assistant', 'Intérêt légitime à vous répondre et à améliorer la qualité de nos réponses', '12 mois après la conversation'],
            ['Répondre à vos messages de contact et demandes de rappel', 'Mesures précontractuelles ou intérêt légitime à vous répondre', `${contactForm.retentionMonths} mois après notre réponse ou la clôture de la demande ; aussitôt avec votre compte si vous le supprimez`],
            ['Traiter vos réclamations', 'Obligation légale (recommandation ACPR 2022-R-01 sur le traitement des réclamations)', '5 ans après la réponse ou la clôture de la réclamation, que vous soyez client ou non ; la réclamation d’un client est supprimée plus tôt avec son compte, s’il le supprime'],
            ["Lutter contre le blanchiment de capitaux et le financement du terrorisme (assurance vie)", 'Obligation légale (articles L. 561-1 et suivants du Code monétaire et financier)', '5 ans après la fin de la relation'],
            ['Tenir notre comptabilité', 'Obligation légale', '10 ans (pièces comptables)'],
            ['Vous informer par e-mail de vos demandes et de votre compte', "Exécution du contrat, mesures précontractuelles et obligation légale (réclamations)", '12 mois après l’envoi'],
            ['Assurer la sécurité du site et diagnostiquer les pannes', 'Intérêt légitime à protéger le site et vos données', '6 mois pour les journaux techniques'],
            ['Étudier votre candidature', 'Mesures précontractuelles', '2 ans après le dernier contact, sauf demande de suppression plus tôt'],
          ],
        },
      },
      'Contrats et documents : lorsque vous supprimez votre compte, les contrats que vous n’avez pas signés sont effacés avec leurs documents. Les contrats signés sont conservés, détachés de votre compte, avec leurs documents, le fichier de preuve de la signature électronique, le mandat, l’échéancier des prélèvements et les justificatifs envoyés : nous devons pouvoir prouver le contrat et son exécution. La suppression du compte ne résilie pas un contrat en cours : pour y mettre fin, utilisez « Résilier votre contrat » avant de supprimer votre compte, ou écrivez-nous. Le téléchargement de vos données contient vos contrats et la liste de leurs documents (titre, date, empreinte SHA-256).',
      'Sinistres : lorsque vous supprimez votre compte, vos dossiers de sinistre sont conservés, détachés de votre compte, avec leurs photos, leurs documents et vos échanges avec nos conseillers, jusqu’à 5 ans après leur clôture : ils peuvent fonder une action en justice, contre l’assureur ou contre nous (article 17.3.e du RGPD, article 2224 du Code civil). Le téléchargement de vos données contient vos sinistres : la déclaration, les étapes, les messages et la liste des photos et documents, que vous retrouvez eux-mêmes sur la page « Mes sinistres ».',
      'À l’issue de ces durées, les données sont supprimées ou rendues anonymes. Nous ne vendons ni ne louons vos données, et nous ne vous adressons pas de publicité par e-mail sans votre accord préalable.',
      'L’assistant du chat répond automatiquement à vos questions, mais il ne prend aucune décision vous concernant : l’acceptation d’un risque et le tarif d’un contrat relèvent de l’assureur, après l’analyse de votre conseiller.',
    ],
  },
  {
    id: 'destinataires',
    title: 'Avec qui nous les partageons',
    blocks: [
      'Vos données ne sont communiquées qu’aux destinataires qui en ont besoin, et seulement pour la part qui les concerne :',
      {
        list: [
          'nos conseillers et gestionnaires habilités, selon leur rôle ;',
          'les entreprises d’assurance partenaires que nous consultons pour vos devis et auprès desquelles vos contrats sont souscrits, ainsi que leurs gestionnaires délégués et experts en cas de sinistre ;',
          `notre hébergeur, ${company.host.name}, ${company.host.address}, qui agit comme sous-traitant et n’utilise pas vos données pour son propre compte ;`,
          "les autorités publiques (Autorité de contrôle prudentiel et de résolution, Tracfin, administration fiscale, autorités judiciaires) lorsque la loi nous y oblige ;",
          'le médiateur de l’assurance, si vous le saisissez.',
        ],
      },
      'Vos données sont hébergées en France et ne sont pas transférées en dehors de l’Union européenne.',
    ],
  },
  {
    id: 'droits',
    title: 'Vos droits',
    blocks: [
      'Conformément au règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés, vous disposez des droits suivants :',
      {
        terms: [
          { term: 'Droit d’accès', detail: 'Obtenir la confirmation que nous traitons vos données et en recevoir une copie.' },
          { term: 'Droit de rectification', detail: 'Faire corriger des données inexactes ou compléter des données incomplètes.' },
          { term: 'Droit à l’effacement', detail: "Obtenir la suppression de vos données, sauf lorsque leur conservation est imposée par la loi, par exemple pour un contrat en cours ou pour la lutte contre le blanchiment." },
          { term: 'Droit à la limitation', detail: 'Demander le gel de l’utilisation de vos données, par exemple le temps de vérifier leur exactitude.' },
          { term: 'Droit à la portabilité', detail: 'Recevoir les données que vous nous avez fournies dans un format structuré et lisible par une machine, ou les faire transmettre à un autre organisme.' },
          { term: 'Droit d’opposition', detail: "Vous opposer à un traitement fondé sur notre intérêt légitime, pour des raisons tenant à votre situation particulière, et à tout moment à la prospection commerciale." },
          { term: 'Directives post mortem', detail: 'Définir des directives sur la conservation, l’effacement et la communication de vos données après votre décès.' },
        ],
      },
      'Lorsqu’un traitement repose sur votre consentement, vous pouvez le retirer à tout moment, sans que cela remette en cause les traitements déjà effectués.',
    ],
  },
  {
    id: 'exercer',
    title: 'Comment exercer vos droits',
    blocks: [
      ['Écrivez-nous à ', email, ` ou par courrier à ${company.fullName}, ${fullAddress}. Précisez le droit que vous souhaitez exercer et l’adresse e-mail de votre compte, si vous en avez un.`],
      'Nous vous répondons dans un délai d’un mois à compter de la réception de votre demande. Ce délai peut être prolongé de deux mois en raison de la complexité ou du nombre de demandes ; nous vous en informons alors dans le premier mois. En cas de doute raisonnable sur votre identité, nous pouvons vous demander un justificatif.',
      ['Une fois connecté, vous pouvez aussi consulter les informations de votre compte sur la page ', { text: 'Mon profil', to: '/profile' }, '.'],
    ],
  },
  {
    id: 'cnil',
    title: 'Réclamation auprès de la CNIL',
    blocks: [
      ['Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez introduire une réclamation auprès de la Commission nationale de l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou en ligne sur ', { text: 'cnil.fr', href: 'https://www.cnil.fr' }, '.'],
    ],
  },
  {
    id: 'cookies',
    title: 'Cookies et stockage local',
    blocks: [
      'Notre site n’utilise que des traceurs strictement nécessaires à son fonctionnement :',
      {
        list: [
          'un cookie de session, déposé lorsque vous vous connectez, qui vous maintient connecté à votre espace client ; il est supprimé à la déconnexion ou à son expiration ;',
          'un cookie d’appareil, « courtier_device », déposé lorsque vous vous connectez et gardé un an : une valeur aléatoire, sans donnée personnelle, qui permet à votre compte de reconnaître votre navigateur, pour que des essais de mot de passe faits par d’autres ailleurs ne vous bloquent pas ; il sert uniquement à la sécurité de votre compte ;',
          "votre préférence de thème clair ou sombre, enregistrée dans le stockage local de votre navigateur sous le nom « darkMode » ; elle reste sur votre appareil et ne nous est jamais transmise ;",
          'l’identifiant de votre conversation avec l’assistant du chat, enregistré dans le stockage local de votre navigateur sous le nom « chatConversation » dès que vous ouvrez le chat : une suite de caractères aléatoires, sans donnée personnelle, qui permet de retrouver la conversation d’une page à l’autre et après un rechargement. Vous pouvez l’effacer avec les données du site dans votre navigateur ; la conversation elle-même est supprimée de nos serveurs 12 mois après votre dernier message ;',
          'pour nos conseillers seulement, leur choix d’une alerte sonore à l’arrivée d’un visiteur dans le chat, enregistré dans le stockage local sous le nom « courtier:chat-sound » ;',
          'une valeur temporaire dans le stockage de session du navigateur, qui permet de recharger la page une seule fois après une mise à jour du site ; elle disparaît à la fermeture de l’onglet.',
        ],
      },
      'Nous n’utilisons aucun cookie publicitaire, aucun outil de mesure d’audience et aucun traceur de réseau social : les liens vers nos pages Facebook, LinkedIn et Instagram sont de simples liens qui ne chargent rien tant que vous ne cliquez pas. Ces traceurs strictement nécessaires étant dispensés de consentement (article 82 de la loi Informatique et Libertés), aucun bandeau cookies ne vous est présenté.',
    ],
  },
  {
    id: 'securite',
    title: 'Sécurité',
    blocks: [
      'Nous prenons des mesures techniques et organisationnelles pour protéger vos données contre la perte, l’altération et l’accès non autorisé :',
      {
        list: [
          'les échanges avec le site sont chiffrés (HTTPS) ;',
          'les mots de passe sont conservés sous forme d’empreinte salée, impossible à inverser ;',
          'les comptes de nos conseillers et administrateurs sont protégés par une validation en deux étapes (un code d’une application d’authentification en plus du mot de passe), que vous pouvez aussi activer sur votre compte\u00a0;',
          'le cookie de session est inaccessible aux scripts de la page ;',
          'l’accès aux données est réservé aux personnes habilitées, selon leur rôle, et nos collaborateurs sont tenus au secret professionnel ;',
          'les données font l’objet de sauvegardes régulières.',
        ],
      },
      "En cas de violation de données présentant un risque pour vos droits, nous la notifions à la CNIL dans les 72 heures et vous en informons si le risque est élevé.",
    ],
  },
  {
    id: 'modifications',
    title: 'Modifications de cette politique',
    blocks: [
      "Nous pouvons faire évoluer cette politique, notamment lorsque nous proposons de nouveaux services. La date de la dernière mise à jour figure en haut de cette page ; en cas de changement important, nous vous en informons par e-mail ou dans votre espace client.",
    ],
  },
]);
