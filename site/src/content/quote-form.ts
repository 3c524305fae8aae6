// The copy of the quote request pages, and each product's questions as data.
// The choice lists and bounds come from pkg/quote/form.json, the file the
// server validates with, so the form never offers what the server refuses.
import form from '../../../pkg/quote/form.json';
import { answerDelays, company } from '../lib/company';
import type { ProductId } from './products';
import { typesetAll } from '../lib/format';

/** One option of a fixed list: the value sent to the server and its French label. */
export interface Choice {
  value: string;
  label: string;
}

/** The names of the fixed lists of pkg/quote/form.json. */
export type ListName = keyof typeof form.choices;

/** The names of the bounds of pkg/quote/form.json. */
export type LimitName = keyof typeof form.limits;

/** The fixed lists: brands, energies, covers… */
export const choices: Record<ListName, Choice[]> = typesetAll(form.choices);

/** The lower and, except for years, upper bound of each number or text length. */
export const limits: Record<LimitName, { min: number; max?: number }> = form.limits;

interface FieldBase {
  /** The JSON name of the answer in the request's details. */
  name: string;
  label: string;
  hint?: string;
  /** The message when a required answer is missing, as the server words it. */
  missing?: string;
  /** Shown only when another answer has this value (the brand's name for "Autre marque"). */
  showIf?: { name: string; value: string };
  /** Asked on /vehicle-selection rather than on /quote-request (car only). */
  vehicleStep?: boolean;
}

/** A question of a product's form; `kind` says how it is asked and checked. */
export type FieldSpec = FieldBase &
  (
    | { kind: 'select' | 'radio'; list: ListName }
    | { kind: 'checkboxes'; list: ListName }
    | { kind: 'yesno' }
    | { kind: 'text'; limit: LimitName; autoComplete?: string }
    | { kind: 'integer'; limit: LimitName; optional?: boolean }
    /** A year from the limit's minimum to the current year. */
    | { kind: 'year'; limit: LimitName }
    /** The birth year of an adult between the limit's ages. */
    | { kind: 'birthYear'; limit: LimitName }
    | { kind: 'coefficient'; limit: LimitName; optional: true }
    | { kind: 'postalCode' }
    /** A date from today to the limit's number of days ahead. */
    | { kind: 'date'; limit: LimitName }
  );

const brand: FieldSpec = { name: 'brand', kind: 'select', list: 'brand', label: 'Marque', missing: 'Choisissez la marque du véhicule.', hint: 'Case D.1 de la carte grise.' };
const brandOther: FieldSpec = {
  name: 'brandOther', kind: 'text', limit: 'brandOther', label: 'Nom de la marque', missing: 'Indiquez la marque du véhicule.',
  showIf: { name: 'brand', value: 'autre' },
};
const model: FieldSpec = { name: 'model', kind: 'text', limit: 'model', label: 'Modèle', missing: 'Indiquez le modèle du véhicule.', hint: 'Par exemple 208, Clio ou Model 3 (case D.3 de la carte grise).' };

/** The questions of each product, in the order they are asked. */
export const productFields: Record<ProductId, FieldSpec[]> = typesetAll({
  car: [
    { ...brand, vehicleStep: true },
    { ...brandOther, vehicleStep: true },
    { ...model, vehicleStep: true },
    { name: 'year', kind: 'year', limit: 'vehicleYear', label: 'Année de première mise en circulation', missing: 'Indiquez l’année de première mise en circulation.', hint: 'Case B de la carte grise.', vehicleStep: true },
    { name: 'energy', kind: 'radio', list: 'energy', label: 'Énergie', missing: 'Choisissez l’énergie du véhicule.', vehicleStep: true },
    { name: 'usage', kind: 'radio', list: 'usage', label: 'Usage du véhicule', missing: 'Choisissez l’usage du véhicule.' },
    { name: 'licenceYear', kind: 'year', limit: 'licenceYear', label: 'Année d’obtention du permis du conducteur principal', missing: 'Indiquez l’année d’obtention du permis du conducteur principal.' },
    {
      name: 'bonusMalus', kind: 'coefficient', limit: 'bonusMalus', optional: true, label: 'Coefficient bonus-malus (facultatif)',
      hint: 'Sur votre relevé d’information ou votre avis d’échéance, par exemple 0,85. Laissez vide si vous ne le connaissez pas.',
    },
    { name: 'cover', kind: 'radio', list: 'cover', label: 'Formule souhaitée', missing: 'Choisissez la formule souhaitée.', hint: 'Tiers\u00a0: les dommages causés aux autres. Tiers étendu\u00a0: plus le vol, l’incendie et le bris de glace. Tous risques\u00a0: plus les dommages à votre véhicule.' },
  ],
  home: [
    { name: 'occupancy', kind: 'radio', list: 'occupancy', label: 'Vous êtes', missing: 'Choisissez votre situation.' },
    { name: 'housingType', kind: 'radio', list: 'housingType', label: 'Type de logement', missing: 'Choisissez le type de logement.' },
    { name: 'surface', kind: 'integer', limit: 'surface', label: 'Surface habitable (m²)', missing: 'Indiquez la surface habitable.' },
    { name: 'rooms', kind: 'integer', limit: 'rooms', label: 'Nombre de pièces principales', missing: 'Indiquez le nombre de pièces principales.', hint: 'Séjour et chambres, sans la cuisine ni la salle de bains.' },
    { name: 'postalCode', kind: 'postalCode', label: 'Code postal du logement', missing: 'Indiquez le code postal du logement.' },
  ],
  health: [
    { name: 'adults', kind: 'integer', limit: 'adults', label: 'Adultes à couvrir', missing: 'Indiquez le nombre d’adultes à couvrir.', hint: 'Vous et, le cas échéant, votre conjoint.' },
    { name: 'children', kind: 'integer', limit: 'children', label: 'Enfants à couvrir', missing: 'Indiquez le nombre d’enfants à couvrir.', hint: '0 si aucun.' },
    { name: 'birthYear', kind: 'birthYear', limit: 'insuredAge', label: 'Année de naissance de l’assuré principal', missing: 'Indiquez l’année de naissance de l’assuré principal.' },
    { name: 'priority', kind: 'radio', list: 'healthPriority', label: 'Votre priorité', missing: 'Choisissez votre priorité.', hint: 'Le poste de dépenses que vous voulez le mieux rembourser.' },
  ],
  life: [
    { name: 'goal', kind: 'radio', list: 'lifeGoal', label: 'Votre objectif', missing: 'Choisissez votre objectif.' },
    {
      name: 'amount', kind: 'integer', limit: 'amount', optional: true, label: 'Montant envisagé en euros (facultatif)',
      hint: 'Le premier versement pour épargner, ou le capital à garantir pour protéger vos proches.',
    },
  ],
  pro: [
    { name: 'activity', kind: 'text', limit: 'activity', label: 'Votre activité', missing: 'Indiquez votre activité.', hint: 'Par exemple\u00a0: plombier chauffagiste, graphiste, boulangerie.' },
    { name: 'legalStatus', kind: 'select', list: 'legalStatus', label: 'Forme juridique', missing: 'Choisissez la forme juridique.' },
    { name: 'turnover', kind: 'select', list: 'turnover', label: 'Chiffre d’affaires annuel', missing: 'Choisissez la tranche de chiffre d’affaires annuel.' },
    { name: 'employees', kind: 'integer', limit: 'employees', label: 'Nombre de salariés', missing: 'Indiquez le nombre de salariés.', hint: '0 si vous travaillez seul.' },
  ],
  vtc: [
    brand,
    brandOther,
    model,
    { name: 'vtcCard', kind: 'yesno', label: 'Êtes-vous titulaire de la carte professionnelle VTC\u00a0?', missing: 'Indiquez si vous êtes titulaire de la carte professionnelle VTC.' },
    { name: 'yearsActivity', kind: 'integer', limit: 'vtcYears', label: 'Années d’activité comme chauffeur VTC', missing: 'Indiquez depuis combien d’années vous exercez comme chauffeur VTC.', hint: '0 si vous démarrez.' },
  ],
  fleet: [
    { name: 'vehicles', kind: 'integer', limit: 'fleetVehicles', label: 'Nombre de véhicules', missing: 'Indiquez le nombre de véhicules.', hint: 'Un contrat flotte couvre au moins 3 véhicules.' },
    { name: 'vehicleTypes', kind: 'checkboxes', list: 'fleetVehicleType', label: 'Types de véhicules', missing: 'Choisissez au moins un type de véhicule dans la liste.' },
  ],
  temp: [
    { name: 'vehicleKind', kind: 'radio', list: 'tempVehicleKind', label: 'Véhicule', missing: 'Choisissez le type de véhicule.' },
    { name: 'days', kind: 'integer', limit: 'tempDays', label: 'Durée en jours', missing: 'Indiquez la durée de la couverture.', hint: 'De 1 à 90 jours.' },
    { name: 'startDate', kind: 'date', limit: 'tempStartDaysAhead', label: 'Date de début', missing: 'Indiquez la date de début de la couverture.' },
  ],
});

/** The questions of the vehicle step, asked on /vehicle-selection. */
export const vehicleFields = productFields.car.filter((f) => f.vehicleStep);

/** Opening hours in a sentence, from the company profile. */
const hours = `du lundi au vendredi (${company.hours.weekdays}) et le samedi (${company.hours.saturday})`;

/** The broker's commitment, shown before and after sending: "sous 24 heures ouvrées", from the profile. */
export const answerDelay = answerDelays.quote;

/** The copy of /quote-request. */
export const quoteRequestCopy = typesetAll({
  title: 'Demande de devis',
  lead: `Gratuit et sans engagement\u00a0: répondez à quelques questions, un conseiller vous répond ${answerDelay}.`,
  productLegend: 'Votre assurance',
  detailsLegend: 'Votre besoin',
  contactLegend: 'Vos coordonnées',
  contactMethod: 'Comment souhaitez-vous être recontacté\u00a0?',
  contactMissing: 'Choisissez comment vous souhaitez être recontacté.',
  emailNote: (email: string) => `Nous vous écrirons à ${email}, l’adresse de votre compte.`,
  phone: 'Numéro de téléphone',
  phoneOptional: 'Numéro de téléphone (facultatif)',
  phoneMissing: 'Indiquez le numéro auquel vous rappeler.',
  phoneInvalid: 'Saisissez un numéro de téléphone valide, par exemple 06 39 98 12 34.',
  message: 'Votre message (facultatif)',
  messageHint: 'Une précision utile au conseiller\u00a0: un contrat en cours, une échéance, un moment pour vous appeler.',
  productMissing: 'Choisissez l’assurance pour laquelle vous souhaitez un devis.',
  vehicleTitle: 'Votre véhicule',
  vehicleMissing: 'Choisissez d’abord le véhicule à assurer.',
  vehicleIntro: 'Première étape de votre devis auto\u00a0: la marque, le modèle, l’année et l’énergie du véhicule.',
  vehicleChoose: 'Choisir le véhicule',
  vehicleChange: 'Modifier le véhicule',
  privacy: {
    before: 'Vos réponses servent à établir votre devis et à vous recontacter\u00a0; nous les communiquons aux assureurs partenaires que nous consultons pour vous. Destinataires, durée de conservation et droits\u00a0: ',
    link: 'politique de confidentialité',
    after: '.',
  },
  submit: 'Envoyer ma demande',
  sending: 'Envoi…',
  failed: 'L’envoi a échoué. Vérifiez votre connexion et réessayez.',
  next: {
    title: 'Et ensuite\u00a0?',
    steps: [
      `Un conseiller étudie votre demande et compare les offres de nos assureurs partenaires.`,
      `Il vous répond ${answerDelay}, par e-mail ou par téléphone selon votre choix. Nos conseillers travaillent ${hours}.`,
      'Vous suivez l’avancement de chaque demande dans «\u00a0Mes devis\u00a0».',
    ],
    price: 'Aucun tarif n’est affiché en ligne\u00a0: le prix vous est donné par votre conseiller avec sa proposition, gratuite et sans engagement.',
  },
});

/** The copy of /vehicle-selection. */
export const vehicleSelectionCopy = typesetAll({
  title: 'Choix du véhicule',
  lead: 'Première étape de votre devis d’assurance auto ou moto\u00a0: le véhicule à assurer.',
  legend: 'Le véhicule à assurer',
  help: 'Ces informations figurent sur la carte grise (certificat d’immatriculation).',
  submit: 'Continuer',
  back: 'Choisir une autre assurance',
});

/** The copy of /my-quotes. */
export const myQuotesCopy = typesetAll({
  title: 'Mes devis',
  lead: `Vos demandes de devis et leur suivi. Un conseiller répond à chaque demande ${answerDelay}.`,
  created: `Votre demande de devis a bien été envoyée. Un conseiller vous répond ${answerDelay}.`,
  loading: 'Chargement de vos demandes…',
  failed: 'Vos demandes n’ont pas pu être chargées.',
  retry: 'Réessayer',
  emptyTitle: 'Aucune demande pour le moment',
  emptyText: 'Demandez un devis gratuit et sans engagement\u00a0: il ne faut que quelques minutes.',
  newRequest: 'Demander un devis',
  sentOn: 'Envoyée le',
  status: 'Statut',
  contact: 'Réponse souhaitée',
  message: 'Votre message',
  hoursNote: `Nos conseillers travaillent ${hours}.`,
});
