import { answerDelays, company } from '../lib/company';
import { typesetAll } from '../lib/format';

/** The copy of the contact page (/contact). The details themselves come from the company profile. */
export const contactPage = typesetAll({
  title: 'Contactez-nous',
  lead: `Une question sur un contrat, un devis ou un sinistre ? Nos conseillers vous répondent par téléphone et par e-mail aux heures d’ouverture, et notre assistant en ligne ${company.online.description}.`,
  detailsTitle: 'Nos coordonnées',
  hoursTitle: 'Horaires d’ouverture',
  hoursLabels: {
    weekdays: 'Lundi au vendredi',
    saturday: 'Samedi',
    sunday: 'Dimanche',
    online: 'En ligne',
  },
  onlineNote: 'Notre assistant répond à toute heure : ouvrez-le avec le bouton flottant présent sur chaque page. Il peut aussi vous mettre en relation avec un conseiller pendant les heures d’ouverture.',
  visitNote: 'Le cabinet vous reçoit sur rendez-vous, aux heures d’ouverture.',
  other: {
    title: 'Pour aller plus vite',
    items: [
      { to: '/quote-request', label: 'Demander un devis gratuit', text: 'Devis gratuit et sans engagement, 2 minutes pour une assurance auto.' },
      { to: '/dashboard', label: 'Accéder à mon espace client', text: 'Suivez vos demandes de devis et vos échanges avec nos conseillers.' },
      { to: '/insurance', label: 'Découvrir nos assurances', text: 'Garanties, options, documents à préparer et questions fréquentes.' },
    ],
  },
  complaints: {
    title: 'Réclamations',
    intro: 'Vous êtes mécontent de nos services ? Écrivez à notre service Réclamations, par e-mail ou par courrier :',
    commitment: `Nous accusons réception de votre réclamation sous ${answerDelays.complaintAcknowledge} au plus et vous apportons une réponse dans un délai maximal de ${answerDelays.complaintAnswer}.`,
    more: 'La procédure complète et les coordonnées du médiateur figurent dans nos',
  },
});
