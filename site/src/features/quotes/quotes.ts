import type { ProductId } from '../../content/products';
import { choices, myQuotesCopy, type ListName } from '../../content/quote-form';
import { company } from '../../lib/company';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { once } from '../../lib/once';
import type { QuotePayload } from './quote-form';
export { formatEuros } from '../../lib/format';

/** The statuses of a quote request (pkg/quote/machine.go). */
export type QuoteStatus = 'received' | 'in_review' | 'offered' | 'accepted' | 'declined' | 'closed';

/** Where an offer stands (quote.OfferStatus). */
export type OfferStatus = 'proposed' | 'accepted' | 'declined' | 'withdrawn';

/** A priced offer answering a quote request (quote.Offer); amounts in euro cents. */
export interface Offer {
  id: string;
  insurer: string;
  productName: string;
  monthlyCents: number;
  yearlyCents: number;
  guarantees: string[];
  deductibleCents: number;
  /** The last day it may be accepted: "2026-11-22". */
  validUntil: string;
  note: string;
  status: OfferStatus;
  /** The status in French, from the server ("Proposée", "Choisie", "Expirée"…). */
  statusLabel: string;
  expired: boolean;
  /** The client may choose it now. */
  acceptable: boolean;
  createdByName: string;
  createdAt: string;
  decidedAt: string;
}

/** What the broker wrote to the client about a request (desk.Reply). */
export interface QuoteReply {
  id: number;
  at: string;
  authorName: string;
  label: string;
  body: string;
}

/** A quote request as GET /api/quotes returns it. */
export interface QuoteRequest {
  id: string;
  /** The reference the client quotes: "DV-2026-000123". */
  ref: string;
  uid: string;
  product: ProductId;
  status: QuoteStatus;
  /** The status in French, from the server. */
  statusLabel: string;
  details: Record<string, unknown>;
  contact: { method: 'email' | 'phone'; phone: string };
  message: string;
  createdAt: string;
  updatedAt: string;
  /** The client may accept an offer or decline them now. */
  decidable: boolean;
  /** The offers, the latest sending first. */
  offers: Offer[];
  declineReason: string;
  declinedAt: string;
  replies: QuoteReply[];
}

/** One line of a request's summary. */
export interface SummaryItem {
  term: string;
  detail: string;
}

const numbers = once(() => new Intl.NumberFormat('fr-FR'));
/** A bonus-malus coefficient as the insurer's statement writes it: "0,85", "1,00". */
const coefficient = once(() => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** The product's title in the company profile, "Assurance auto et moto". */
export function productTitle(id: string): string {
  return company.services.find((s) => s.id === id)?.title ?? id;
}

/** The French label of a value of a fixed list; the value itself if unknown. */
export function labelOf(list: ListName, value: unknown): string {
  return choices[list].find((c) => c.value === value)?.label ?? String(value ?? '');
}

/** A French phone number in pairs, "06 39 98 12 34"; others as stored. */
export function formatPhone(phone: string): string {
  return /^0\d{9}$/.test(phone) ? phone.replace(/(\d{2})(?=\d)/g, '$1\u00a0') : phone;
}

/** "1 personne", "2 personnes": n and the word, plural from 2 as French writes it. */
function count(n: unknown, one: string, many: string): string {
  const k = Number(n);
  return `${numbers().format(k)}\u00a0${k >= 2 ? many : one}`;
}

function vehicleName(d: Record<string, unknown>): string {
  const brand = d.brand === 'autre' ? String(d.brandOther ?? '') : labelOf('brand', d.brand);
  return `${brand} ${String(d.model ?? '')}`.trim();
}

type Summarize = (d: Record<string, unknown>) => SummaryItem[];

/** Every answer of each product, in the order asked, for the list of "Mes devis". */
const summaries: Record<ProductId, Summarize> = {
  car: (d) => [
    { term: 'Véhicule', detail: `${vehicleName(d)} (${String(d.year)}, ${labelOf('energy', d.energy).toLowerCase()})` },
    { term: 'Usage', detail: labelOf('usage', d.usage) },
    { term: 'Permis de conduire', detail: `Obtenu en ${String(d.licenceYear)}` },
    ...(d.bonusMalus === undefined || d.bonusMalus === null ? [] : [{ term: 'Coefficient bonus-malus', detail: coefficient().format(Number(d.bonusMalus)) }]),
    { term: 'Formule', detail: labelOf('cover', d.cover) },
  ],
  home: (d) => [
    { term: 'Logement', detail: `${labelOf('housingType', d.housingType)} de ${numbers().format(Number(d.surface))}\u00a0m², ${count(d.rooms, 'pièce', 'pièces')}, ${String(d.postalCode)}` },
    { term: 'Situation', detail: labelOf('occupancy', d.occupancy) },
  ],
  health: (d) => [
    { term: 'Personnes à couvrir', detail: Number(d.children) > 0 ? `${count(d.adults, 'adulte', 'adultes')} et ${count(d.children, 'enfant', 'enfants')}` : count(d.adults, 'adulte', 'adultes') },
    { term: 'Année de naissance de l’assuré principal', detail: String(d.birthYear) },
    { term: 'Priorité', detail: labelOf('healthPriority', d.priority) },
  ],
  life: (d) => [
    { term: 'Objectif', detail: labelOf('lifeGoal', d.goal) },
    ...(d.amount === undefined ? [] : [{ term: 'Montant envisagé', detail: `${numbers().format(Number(d.amount))}\u00a0€` }]),
  ],
  pro: (d) => [
    { term: 'Activité', detail: String(d.activity) },
    { term: 'Entreprise', detail: `${labelOf('legalStatus', d.legalStatus)}, ${count(d.employees, 'salarié', 'salariés')}` },
    { term: 'Chiffre d’affaires', detail: labelOf('turnover', d.turnover) },
  ],
  vtc: (d) => [
    { term: 'Véhicule', detail: vehicleName(d) },
    { term: 'Carte VTC', detail: d.vtcCard ? 'Oui' : 'Non' },
    { term: 'Ancienneté', detail: Number(d.yearsActivity) === 0 ? 'Moins d’un an' : count(d.yearsActivity, 'an', 'ans') },
  ],
  fleet: (d) => [
    { term: 'Véhicules', detail: numbers().format(Number(d.vehicles)) },
    { term: 'Types', detail: (Array.isArray(d.vehicleTypes) ? d.vehicleTypes : []).map((t) => labelOf('fleetVehicleType', t)).join(', ') },
  ],
  temp: (d) => [
    { term: 'Véhicule', detail: labelOf('tempVehicleKind', d.vehicleKind) },
    { term: 'Période', detail: `${count(d.days, 'jour', 'jours')} à partir du ${formatDate(String(d.startDate))}` },
  ],
};

/** Every answer of a request and how the client wants the answer. */
export function summarize(q: QuoteRequest): SummaryItem[] {
  const items = summaries[q.product]?.(q.details) ?? [];
  const method = labelOf('contactMethod', q.contact.method);
  const contact = q.contact.method === 'phone' ? `${method} au ${formatPhone(q.contact.phone)}` : method;
  return [...items, { term: myQuotesCopy.contact, detail: contact }];
}

/**
 * The offers of the latest sending, in the agent's order, and the older
 * ones: offers sent together share their creation time.
 */
export function splitOffers(offers: Offer[]): { current: Offer[]; older: Offer[] } {
  const latest = offers[0]?.createdAt;
  return { current: offers.filter((o) => o.createdAt === latest), older: offers.filter((o) => o.createdAt !== latest) };
}

/** Sends a request on study (/quote-request); resolves to it as filed. */
export async function fileQuote(payload: QuotePayload): Promise<QuoteRequest> {
  return (await api<{ quote: QuoteRequest }>('POST', '/api/quotes', payload)).quote;
}

/** The signed-in client's quote requests, newest first. */
export async function listQuotes(): Promise<QuoteRequest[]> {
  return (await api<{ quotes: QuoteRequest[] }>('GET', '/api/quotes')).quotes;
}

/** Chooses offer offerId of request id; resolves to the request as it now stands. */
export async function acceptOffer(id: string, offerId: string): Promise<QuoteRequest> {
  return (await api<{ quote: QuoteRequest }>('POST', `/api/quotes/${encodeURIComponent(id)}/accept`, { offerId })).quote;
}

/** Declines every offer of request id, with the client's reason. */
export async function declineOffers(id: string, reason: string): Promise<QuoteRequest> {
  return (await api<{ quote: QuoteRequest }>('POST', `/api/quotes/${encodeURIComponent(id)}/decline`, { reason })).quote;
}
