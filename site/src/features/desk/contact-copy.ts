import { typeset, typesetAll } from '../../lib/format';
import type { CallOutcome } from '../contact/api';

/** The copy of the contact and callback panels of the staff request page. */
export const copy = typesetAll({
  loading: 'Chargement…',
  loadFailed: 'Les détails de la demande n’ont pas pu être chargés.',
  failed: 'L’action a échoué. Réessayez dans un instant.',
  sending: 'Envoi…',
  phone: 'Téléphone',
  subject: 'Objet',
  message: 'Message',
  consent: 'Consentement donné le',
  slot: 'Créneau',
  product: 'Assurance',
  noProduct: 'Aucune en particulier',
  note: 'Objet de l’appel',
  attempts: 'Appels',
  attemptsText: (n: number, last: string, at: string) => {
    if (n === 0) return 'Aucun appel pour l’instant';
    const lastText = last === 'reached' ? 'personne jointe' : 'sans réponse';
    return typeset(`${n} appel${n > 1 ? 's' : ''} ; le dernier le ${at}, ${lastText}`);
  },
  takeFirst: 'Prenez cette demande en charge pour agir.',
  reopenToReply: 'Ce message est clôturé : remettez-le « En cours » pour y répondre.',
  replyTitle: 'Répondre',
  replyLabel: 'Votre réponse',
  replyHintClient: 'Le client la lit dans son espace client, signée de votre nom.',
  replyHintVisitor: 'Ce visiteur n’a pas de compte : la réponse est enregistrée ici, envoyez-la aussi par e-mail.',
  replyMissing: 'Écrivez la réponse.',
  replySubmit: 'Envoyer la réponse',
  replySent: 'Réponse enregistrée.',
  replyByMail: (email: string) => typeset(`Envoyer la réponse par e-mail à ${email}`),
  noCallExpected: 'Cette demande n’attend plus d’appel. Remettez-la « En cours » pour noter un nouvel appel.',
  callTitle: 'Noter un appel',
  callPhone: 'Numéro à appeler :',
  outcome: 'Résultat de l’appel',
  outcomes: [
    { value: 'reached' as CallOutcome, label: 'Personne jointe' },
    { value: 'no_answer' as CallOutcome, label: 'Pas de réponse' },
  ],
  outcomeMissing: 'Indiquez si vous avez joint la personne.',
  callNote: 'Compte rendu pour le client (facultatif)',
  callNoteHint: 'Le client le lit dans son espace client. Ce qui reste interne va dans une note.',
  callSubmit: 'Enregistrer l’appel',
  callReached: 'Appel enregistré : la demande est marquée « Rappel effectué ».',
  callMissed: 'Tentative enregistrée : la demande reste « En cours », avec une nouvelle échéance pour rappeler.',
});
