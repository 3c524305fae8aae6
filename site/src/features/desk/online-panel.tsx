import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, ApiError } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import type { KindPanel, KindPanelProps } from './types';

/** A saved instant price as the lead's staff page reads it (GET /api/desk/requests/{id}/online). */
interface LeadPrice {
  id: string;
  insurer: string;
  formula: string;
  yearlyCents: number;
  monthlyCents: number;
  periodDays: number;
}

interface LeadQuote {
  id: string;
  prices: LeadPrice[];
  recommended: { id: string; reason: string } | null;
  validUntil: string;
  keptAt?: string;
  consent: boolean;
  chosen?: string;
  email?: string;
  answers: Record<string, unknown>;
  /** The vehicle is not in the catalogue: the client described it (answers vehicleMake…). */
  vehicleDescribed?: boolean;
  /** That vehicle in words: « Renault Clio 2006, 5 CV, diesel, valeur à neuf 15 000 € ». */
  describedVehicle?: string;
}

/** The lead's quote from the page's detail, when it has one. */
function quoteOf(detail: unknown): LeadQuote | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const q = (detail as { quote?: unknown }).quote;
  return typeof q === 'object' && q !== null && 'prices' in q ? (q as LeadQuote) : null;
}

function priceLine(p: LeadPrice): string {
  return p.monthlyCents > 0
    ? `${formatEuros(p.yearlyCents)} par an, ${formatEuros(p.monthlyCents)} par mois`
    : `${formatEuros(p.yearlyCents)} pour ${p.periodDays}\u00a0jours`;
}

function OnlineDetails({ detail }: KindPanelProps) {
  const q = quoteOf(detail);
  if (!q) return <p className="muted">Les prix de ce devis en ligne ne sont plus conservés.</p>;
  const chosen = q.prices.find((p) => p.id === q.chosen);
  return (
    <>
      <dl className="desk-kind-details">
        {q.vehicleDescribed ? (
          <div className="desk-kind-wide">
            <dt>Véhicule</dt><dd>{q.describedVehicle} · <strong>véhicule hors catalogue</strong>, décrit par le client</dd>
          </div>
        ) : null}
        <div><dt>Rappel</dt><dd>{q.consent ? 'Accepté\u00a0: la personne attend notre appel' : 'Non demandé'}</dd></div>
        <div><dt>Gardés le</dt><dd>{q.keptAt ? formatDateTime(q.keptAt) : '—'}</dd></div>
        <div><dt>Valables jusqu’au</dt><dd>{formatDate(q.validUntil)}</dd></div>
        <div><dt>Formule retenue</dt><dd>{chosen ? `${chosen.formula} chez ${chosen.insurer}, ${priceLine(chosen)}` : '—'}</dd></div>
        {q.recommended ? <div className="desk-kind-wide"><dt>Notre conseil</dt><dd>{q.recommended.reason}</dd></div> : null}
      </dl>
      <div className="table-wrap">
        <table className="desk-prices">
          <caption>Les prix proposés</caption>
          <thead><tr><th scope="col">Assureur</th><th scope="col">Formule</th><th scope="col">Prix TTC</th></tr></thead>
          <tbody>
            {q.prices.map((p) => (
              <tr key={p.id} aria-current={p.id === q.chosen ? 'true' : undefined}>
                <td>{p.insurer}</td><td>{p.formula}{p.id === q.chosen ? ' (retenue)' : ''}</td><td>{priceLine(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * A client's lead becomes a quote request that staff answer with offers,
 * when the client asks for what the instant prices did not offer.
 */
function OnlineActions({ request }: KindPanelProps) {
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!request.client || request.status === 'closed') return null;
  async function convert() {
    setBusy(true);
    try {
      const made = await api<{ id: string; ref: string }>('POST', `/api/desk/requests/${encodeURIComponent(request.id)}/to-quote`);
      navigate(`/dashboard/requests/${encodeURIComponent(made.id)}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'La demande a échoué. Réessayez.');
      setBusy(false);
    }
  }
  return (
    <section className="quote-panel" aria-labelledby="lead-to-quote">
      <h3 id="lead-to-quote">Une autre offre&nbsp;?</h3>
      <p>Le client souhaite autre chose que ces prix (un autre assureur, une autre franchise, une garantie de plus)&nbsp;: faites-en une demande de devis, avec ses réponses, et répondez-y par des offres.</p>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      <button className="btn btn-primary" type="button" onClick={convert} disabled={busy}>Transformer en demande de devis</button>
    </section>
  );
}

export const onlinePanel: KindPanel = { Details: OnlineDetails, Actions: OnlineActions };
