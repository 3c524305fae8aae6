import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { fetchCounts } from './api';
import type { DeskCounts } from './types';

/** One figure at a glance, a link to the queue filtered to it when there is one. */
function Stat({ label, value, tone, to }: { label: string; value: number; tone?: string; to?: string }) {
  const body = (
    <>
      <span className="stat-value">{value.toLocaleString('fr-FR')}</span>
      <span className="stat-label">{label}</span>
    </>
  );
  return (
    <li className={`stat${tone && value > 0 ? ` stat-${tone}` : ''}`}>
      {to ? <Link to={to}>{body}</Link> : body}
    </li>
  );
}

/** The admin's view of the queue at a glance: new, late, due today, unassigned; by kind and by agent. */
export function DeskCountsPanel() {
  const [counts, setCounts] = useState<DeskCounts | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    fetchCounts().then(setCounts, (err: unknown) => setError(err instanceof ApiError ? err.message : 'Erreur inattendue.'));
  }, []);
  if (error) return <p className="form-error" role="alert">Les compteurs n’ont pas pu être chargés. {error}</p>;
  if (!counts) return <p className="muted" role="status">Chargement des compteurs…</p>;
  return (
    <section className="desk-section" aria-labelledby="compteurs-titre">
      <h2 id="compteurs-titre">En un coup d’œil</h2>
      <ul className="stats">
        <Stat label="en cours" value={counts.open} />
        <Stat label="nouvelles" value={counts.new} tone="new" />
        <Stat label="en retard" value={counts.overdue} tone="overdue" to="/dashboard?due=overdue" />
        <Stat label="pour aujourd’hui" value={counts.dueToday} tone="today" to="/dashboard?due=today" />
        <Stat label="non attribuées" value={counts.unassigned} tone="new" to="/dashboard?assignee=none" />
      </ul>
      <div className="counts-tables">
        <div className="counts-wrap">
          <table className="counts-table">
            <caption>Par type</caption>
            <thead><tr><th scope="col">Type</th><th scope="col">En cours</th><th scope="col">Nouvelles</th><th scope="col">En retard</th><th scope="col">Non attribuées</th></tr></thead>
            <tbody>
              {counts.byKind.map((k) => (
                <tr key={k.kind}>
                  <th scope="row"><Link to={`/dashboard?kind=${k.kind}`}>{k.label}</Link></th>
                  <td>{k.open}</td><td>{k.new}</td><td className={k.overdue ? 'count-overdue' : undefined}>{k.overdue}</td><td>{k.unassigned}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="counts-wrap">
          <table className="counts-table">
            <caption>Par conseiller</caption>
            <thead><tr><th scope="col">Conseiller</th><th scope="col">En cours</th><th scope="col">En retard</th></tr></thead>
            <tbody>
              {counts.byAgent.map((a) => (
                <tr key={a.uid}>
                  <th scope="row">{a.name}</th>
                  <td>{a.open}</td><td className={a.overdue ? 'count-overdue' : undefined}>{a.overdue}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
