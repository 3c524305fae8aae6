import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { fetchClaimCounts, type ClaimCounts } from './claim-api';

/**
 * « Délai moyen de première réponse : 3,5 h (sur 12 dossiers, 90 derniers
 * jours) », in minutes under an hour, or a dash when no claim was
 * answered in the window.
 */
export function firstAnswerLine(c: Pick<ClaimCounts, 'firstAnswerHours' | 'answered'>): string {
  const lead = 'Délai moyen de première réponse\u00a0: ';
  if (c.answered === 0) return `${lead}— (aucune réponse à un dossier ces 90\u00a0derniers jours)`;
  const files = c.answered === 1 ? '1\u00a0dossier' : `${c.answered.toLocaleString('fr-FR')}\u00a0dossiers`;
  return `${lead}${delay(c.firstAnswerHours)} (sur ${files}, 90\u00a0derniers jours)`;
}

/** « 3,5 h », or « 12 min » under an hour. */
function delay(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))}\u00a0min`;
  return `${hours.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0h`;
}

/** The claims at a glance: open, by status, and how fast the broker first answers. */
export function ClaimCountsPanel() {
  const [counts, setCounts] = useState<ClaimCounts | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    fetchClaimCounts().then(setCounts, (err: unknown) => setError(err instanceof ApiError ? err.message : 'Erreur inattendue.'));
  }, []);
  if (error) return <p className="form-error" role="alert">Les chiffres des sinistres n’ont pas pu être chargés. {error}</p>;
  if (!counts) return <p className="muted" role="status">Chargement des sinistres…</p>;
  return (
    <section className="desk-section" aria-labelledby="sinistres-titre">
      <h2 id="sinistres-titre">Sinistres</h2>
      <div className="claim-counts">
        <div>
          <ul className="stats">
            <li className="stat">
              <Link to="/dashboard?kind=claim">
                <span className="stat-value">{counts.open.toLocaleString('fr-FR')}</span>
                <span className="stat-label">en cours</span>
              </Link>
            </li>
          </ul>
          <p className="claim-first-answer">{firstAnswerLine(counts)}</p>
        </div>
        <div className="counts-wrap">
          <table className="counts-table">
            <caption>Par statut</caption>
            <thead><tr><th scope="col">Statut</th><th scope="col">Sinistres</th></tr></thead>
            <tbody>
              {counts.byStatus.map((s) => (
                <tr key={s.status}>
                  <th scope="row"><Link to={`/dashboard?kind=claim&status=${encodeURIComponent(s.status)}`}>{s.label}</Link></th>
                  <td>{s.count.toLocaleString('fr-FR')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
