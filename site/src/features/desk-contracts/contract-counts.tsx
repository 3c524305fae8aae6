import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { formatEuros } from '../../lib/quotes';
import { fetchContractCounts } from './api';
import type { ContractCounts } from './types';

/** One figure of the contracts, a link to the list filtered to it when there is one. */
function Figure({ label, value, tone, to }: { label: string; value: string; tone?: string; to?: string }) {
  const body = (
    <>
      <span className="stat-value">{value}</span>
      <span className="stat-label">{label}</span>
    </>
  );
  return <li className={`stat${tone ? ` stat-${tone}` : ''}`}>{to ? <Link to={to} viewTransition>{body}</Link> : body}</li>;
}

const n = (v: number) => v.toLocaleString('fr-FR');

/** The admin's figures of the contracts: signed and ended this month, active, waiting, premiums. */
export function ContractCountsPanel() {
  const [counts, setCounts] = useState<ContractCounts | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    fetchContractCounts().then(setCounts, (err: unknown) => setError(err instanceof ApiError ? err.message : 'Erreur inattendue.'));
  }, []);
  if (error) return <p className="form-error" role="alert">Les chiffres des contrats n'ont pas pu être chargés. {error}</p>;
  if (!counts) return <p className="muted" role="status">Chargement des chiffres des contrats…</p>;
  return (
    <section className="desk-section" aria-labelledby="chiffres-contrats-titre">
      <h2 id="chiffres-contrats-titre">Chiffres des contrats</h2>
      <ul className="stats">
        <Figure label="signés ce mois-ci" value={n(counts.signedThisMonth)} />
        <Figure label="contrats en cours" value={n(counts.active)} />
        <Figure label="résiliés ou rétractés ce mois-ci" value={n(counts.cancelledThisMonth)} />
        <Figure label="primes annuelles en cours" value={formatEuros(counts.premiumsCents)} />
        <Figure label="en attente de signature" value={n(counts.pending)} to="/dashboard/contracts?status=pending_signature" />
        <Figure label="en attente de justificatifs" value={n(counts.awaiting)} to="/dashboard/contracts?status=awaiting_documents" />
        <Figure label="justificatifs à vérifier" value={n(counts.proofsToCheck)} tone={counts.proofsToCheck > 0 ? 'today' : undefined}
          to="/dashboard/contracts?status=proofs" />
      </ul>
    </section>
  );
}
