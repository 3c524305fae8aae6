// The words of a cancellation as the client reads them: shared by the
// signed-in steps and the form without an account, which must stay small.
import type { CancelReason } from './api';

/** The reasons as the client reads them. */
export const reasonLabels: Record<CancelReason, string> = {
  term: 'À l’échéance',
  hamon: 'Loi Hamon (après un an)',
  other: 'Autre motif',
};

/** What each reason means for the end date. */
export const reasonHints: Record<CancelReason, string> = {
  term: 'Le contrat prend fin à sa date anniversaire, si la demande arrive au moins deux mois avant.',
  hamon: 'Pour une assurance auto, moto ou habitation de plus d’un an\u00a0: la fin vient un mois après la demande.',
  other: 'Un déménagement, une vente du véhicule, un changement de situation… Dites-le en quelques mots\u00a0: nous vérifions ce que la loi prévoit.',
};

/** The lead of « Résilier votre contrat », signed in and without an account. */
export const cancelLeads = {
  signedIn: 'En trois étapes : vous et votre contrat, le motif avec la date de fin qui en découle, puis la confirmation. Un accusé de réception vous est envoyé par e-mail.',
  visitor: 'Sans espace client : votre nom, le numéro du contrat, l’adresse e-mail du contrat et le motif. Vous confirmez par le lien que nous y envoyons, puis recevez l’accusé de réception avec la date de fin.',
};
