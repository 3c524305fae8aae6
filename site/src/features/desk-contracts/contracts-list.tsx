import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { fetchDeskContracts } from './api';
import { ContractFilters } from './contract-filters';
import { ContractsTable } from './contracts-table';
import { contractsText } from './labels';
import type { Contract, ContractFilter } from './types';

type State = { status: 'loading' } | { status: 'failed'; message: string; field?: string } | { status: 'ready'; contracts: Contract[] };

const keys = ['status', 'product', 'q'] as const;

/** The filter the page's address holds, so a reload or Back keeps it. */
function useContractFilter(): [ContractFilter, (f: ContractFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? undefined])) as ContractFilter, [params]);
  const set = useCallback((f: ContractFilter) => {
    const next = new URLSearchParams();
    for (const k of keys) if (f[k]) next.set(k, f[k] as string);
    setParams(next, { replace: true, flushSync: true });
  }, [setParams]);
  return [filter, set];
}

/** Staff's list of contracts: the filters, then the table, newest first. */
export function ContractsList() {
  const [filter, setFilter] = useContractFilter();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    fetchDeskContracts(filter, ctl.signal)
      .then((contracts) => setState({ status: 'ready', contracts }))
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        setState({ status: 'failed', message: err instanceof ApiError ? err.message : '', field: err instanceof ApiError ? err.field : undefined });
      });
    return () => ctl.abort();
  }, [filter, attempt]);

  return (
    <section className="desk-section" aria-labelledby="contrats-titre">
      <div className="desk-section-head">
        <h2 id="contrats-titre">Liste des contrats</h2>
        {state.status === 'ready' ? <p className="muted" role="status">{contractsText(state.contracts.length)}, les plus récents en premier</p> : null}
      </div>
      <ContractFilters filter={filter} onChange={setFilter} />
      {state.status === 'loading' ? <p className="muted" role="status">Chargement des contrats…</p> : null}
      {state.status === 'failed' ? (
        <div className="form-error" role="alert">
          <p>Les contrats n’ont pas pu être chargés. {state.message}</p>
          {state.field ? <button className="btn btn-secondary" type="button" onClick={() => setFilter({})}>Effacer les filtres</button>
            : <button className="btn btn-secondary" type="button" onClick={() => setAttempt((n) => n + 1)}>Réessayer</button>}
        </div>
      ) : null}
      {state.status === 'ready' && state.contracts.length === 0 ? (
        <p className="queue-empty">Aucun contrat ne correspond à ces filtres.</p>
      ) : null}
      {state.status === 'ready' && state.contracts.length > 0 ? <ContractsTable contracts={state.contracts} /> : null}
    </section>
  );
}
