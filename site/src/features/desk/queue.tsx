import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { shownName } from '../../lib/names';
import { ApiError } from '../../lib/api';
import { productTitle } from '../quotes/quotes';
import { fetchQueue } from './api';
import { DueCell, dueState } from './due';
import { QueueFilters } from './queue-filters';
import type { DeskRequest, KindInfo, QueueFilter } from './types';

type State = { status: 'loading' } | { status: 'failed'; message: string; field?: string } | { status: 'ready'; requests: DeskRequest[] };

const keys = ['kind', 'status', 'state', 'assignee', 'product', 'q', 'due'] as const;

/** The filter the page's address holds, so a reload or Back keeps it. */
function useQueueFilter(): [QueueFilter, (f: QueueFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? undefined])) as QueueFilter, [params]);
  const set = useCallback((f: QueueFilter) => {
    const next = new URLSearchParams();
    for (const k of keys) if (f[k]) next.set(k, f[k] as string);
    // flushSync: a controlled radio or select must not show its old value
    // while a transition holds the new address back.
    setParams(next, { replace: true, flushSync: true });
  }, [setParams]);
  return [filter, set];
}

/** What a request is about: its product, else its summary. */
export function subjectOf(r: DeskRequest): string {
  return r.product ? productTitle(r.product) : r.summary;
}

function plural(n: number): string {
  return n === 1 ? '1\u00a0demande' : `${n.toLocaleString('fr-FR')}\u00a0demandes`;
}

/** One line of the queue; the reference opens the request, a click anywhere on the line too. */
function QueueRow({ r, me }: { r: DeskRequest; me: string }) {
  const navigate = useNavigate();
  const to = `/dashboard/requests/${encodeURIComponent(r.id)}`;
  return (
    <tr className={`queue-row queue-${dueState(r)}`}
      onClick={(e) => { if (!(e.target as HTMLElement).closest('a')) navigate(to); }}>
      <td className="queue-due" data-label="Échéance"><DueCell request={r} /></td>
      <td className="queue-ref" data-label="Demande">
        <Link to={to}>{r.ref}</Link>
        <span className={`kind-tag kind-${r.kind}`}>{r.kindLabel}</span>
      </td>
      <td className="queue-client" data-label="Client">
        <span className="queue-name">{shownName(r.name, r.email)}</span>
        {r.client ? null : <span className="tag">Visiteur</span>}
      </td>
      <td className="queue-subject" data-label="Objet">{subjectOf(r)}</td>
      <td className="queue-status" data-label="Statut"><span className="status-pill">{r.statusLabel}</span></td>
      <td className="queue-assignee" data-label="Suivie par">
        {r.assignee ? (r.assignee.uid === me ? <strong>Moi</strong> : r.assignee.name) : <span className="muted">Personne</span>}
      </td>
    </tr>
  );
}

/** The queue of requests for staff: filters, then the table (cards on a phone), nearest deadline first. */
export function QueueSection({ me }: { me: string }) {
  const [filter, setFilter] = useQueueFilter();
  const [kinds, setKinds] = useState<KindInfo[]>([]);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // A newer filter aborts the older one's request: its answer never replaces the newer list.
    const ctl = new AbortController();
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    fetchQueue(filter, ctl.signal)
      .then((res) => { setKinds(res.kinds); setState({ status: 'ready', requests: res.requests }); })
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        setState({ status: 'failed', message: err instanceof ApiError ? err.message : '', field: err instanceof ApiError ? err.field : undefined });
      });
    return () => ctl.abort();
  }, [filter, attempt]);

  return (
    <section className="desk-section" aria-labelledby="file-titre">
      <div className="desk-section-head">
        <h2 id="file-titre">File des demandes</h2>
        {state.status === 'ready' ? <p className="muted" role="status">{plural(state.requests.length)}, échéance la plus proche en premier</p> : null}
      </div>
      <QueueFilters filter={filter} kinds={kinds} onChange={setFilter} />
      {state.status === 'loading' ? <p className="muted" role="status">Chargement de la file…</p> : null}
      {state.status === 'failed' ? (
        <div className="form-error" role="alert">
          <p>La file n’a pas pu être chargée. {state.message}</p>
          {state.field ? <button className="btn btn-secondary" type="button" onClick={() => setFilter({})}>Effacer les filtres</button>
            : <button className="btn btn-secondary" type="button" onClick={() => setAttempt((n) => n + 1)}>Réessayer</button>}
        </div>
      ) : null}
      {state.status === 'ready' && state.requests.length === 0 ? (
        <p className="queue-empty">Aucune demande ne correspond à ces filtres.</p>
      ) : null}
      {state.status === 'ready' && state.requests.length > 0 ? (
        <div className="queue-wrap">
          <table className="queue-table">
            <caption className="visually-hidden">File des demandes, échéance la plus proche en premier</caption>
            <thead>
              <tr>
                <th scope="col">Échéance</th>
                <th scope="col">Demande</th>
                <th scope="col">Client</th>
                <th scope="col">Objet</th>
                <th scope="col">Statut</th>
                <th scope="col">Suivie par</th>
              </tr>
            </thead>
            <tbody>
              {state.requests.map((r) => <QueueRow key={r.id} r={r} me={me} />)}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
