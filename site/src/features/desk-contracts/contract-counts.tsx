import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { formatEuros } from '../quotes/quotes';
import { fetchContractCounts } from './api';
import { rejectedText } from './labels';
import type { ContractCounts } from './types';
import './desk-contracts.css';

/** One figure of the contracts (its tones say how it reads), a link to the list filtered to it when there is one. */
function Figure({ label, value, tone, to }: { label: string; value: string; tone?: string | (string | false)[]; to?: string }) {
  const body = (
    <>
      <span className="stat-value">{value}</span>
      <span className="stat-label">{label}</span>
    </>
  );
  const tones = (Array.isArray(tone) ? tone : [tone]).filter(Boolean).map((t) => ` stat-${t}`).join('');
  return <li className={`stat${tones}`}>{to ? <Link to={to} viewTransition>{body}</Link> : body}</li>;
}

const n = (v: number) => v.toLocaleString('fr-FR');
/** The label that goes with a count: singular for 0 and 1, as French says « 0 contrat signé ». */
const label = (v: number, one: string, many: string) => (v > 1 ? many : one);

/** The admin's figures of the contracts: the month and the portfolio, the debits' money, then what waits. */
export function ContractCountsPanel() {
  const [counts, setCounts] = useState<ContractCounts | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    fetchContractCounts().then(setCounts, (err: unknown) => setError(err instanceof ApiError ? err.message : 'Erreur inattendue.'));
  }, []);
  if (error) return <p className="form-error" role="alert">Les chiffres des contrats n’ont pas pu être chargés. {error}</p>;
  if (!counts) return <p className="muted" role="status">Chargement des chiffres des contrats…</p>;
  const c = counts;
  return (
    <section className="desk-section" aria-labelledby="chiffres-contrats-titre">
      <h2 id="chiffres-contrats-titre">Chiffres des contrats</h2>
      <ul className="stats contract-stats" aria-label="Ce mois-ci et en portefeuille">
        <Figure label={label(c.signedThisMonth, 'signé ce mois-ci', 'signés ce mois-ci')} value={n(c.signedThisMonth)} />
        <Figure label={label(c.active, 'contrat en cours', 'contrats en cours')} value={n(c.active)} />
        <Figure label={label(c.cancelledThisMonth, 'résilié ou rétracté ce mois-ci', 'résiliés ou rétractés ce mois-ci')} value={n(c.cancelledThisMonth)} />
        <Figure label="de primes annuelles en cours" value={formatEuros(c.premiumsCents)} tone="money" />
      </ul>
      <ul className="stats contract-stats" aria-label="Prélèvements">
        <Figure label="de primes encaissées" value={formatEuros(c.collectedCents)} tone="money" />
        <Figure label="de prélèvements à venir ou envoyés à la banque" value={formatEuros(c.outstandingCents)} tone="money" />
        <Figure label={rejectedText(c.rejected)} value={formatEuros(c.rejectedCents)} tone={['money', c.rejected > 0 && 'overdue']}
          to={c.rejected > 0 ? '/dashboard/contracts?status=unpaid' : undefined} />
      </ul>
      <ul className="stats contract-stats" aria-label="À suivre">
        <Figure label="en attente de signature" value={n(c.pending)} to="/dashboard/contracts?status=pending_signature" />
        <Figure label="en attente de justificatifs" value={n(c.awaiting)} to="/dashboard/contracts?status=awaiting_documents" />
        <Figure label={label(c.proofsToCheck, 'justificatif à vérifier', 'justificatifs à vérifier')} value={n(c.proofsToCheck)}
          tone={c.proofsToCheck > 0 ? 'today' : undefined} to="/dashboard/contracts?status=proofs" />
      </ul>
      <ul className="stats contract-stats" aria-label="Avenants">
        <Figure label={label(c.amendmentsSignedThisMonth, 'avenant signé ce mois-ci', 'avenants signés ce mois-ci')} value={n(c.amendmentsSignedThisMonth)} />
        <Figure label={label(c.amendmentDrafts, 'avenant en attente de la signature du client', 'avenants en attente de la signature du client')}
          value={n(c.amendmentDrafts)} />
      </ul>
    </section>
  );
}
