import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { getContract, listContracts, type Contract } from './api';

/** A contract being loaded, failed, or ready (and replaced after a change). */
export type ContractState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; contract: Contract };

function failure(err: unknown): string {
  if (err instanceof ApiError && err.status === 404) return 'Ce contrat est introuvable.';
  return err instanceof ApiError ? err.message : 'Ce contrat n’a pas pu être chargé. Réessayez.';
}

/** The signed-in client's contract id, and a way to replace it after a change. */
export function useContract(id: string): [ContractState, (c: Contract) => void] {
  const [state, setState] = useState<ContractState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    getContract(id)
      .then((contract) => live && setState({ status: 'ready', contract }))
      .catch((err: unknown) => live && setState({ status: 'failed', message: failure(err) }));
    return () => {
      live = false;
    };
  }, [id]);
  const replace = useCallback((contract: Contract) => setState({ status: 'ready', contract }), []);
  return [state, replace];
}

/** Every contract of the signed-in client. */
export type ContractsState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; contracts: Contract[] };

/** The signed-in client's contracts, newest first; reload asks again. */
export function useContracts(): [ContractsState, () => void] {
  const [state, setState] = useState<ContractsState>({ status: 'loading' });
  const load = useCallback(() => {
    setState({ status: 'loading' });
    listContracts()
      .then((contracts) => setState({ status: 'ready', contracts }))
      .catch((err: unknown) => setState({ status: 'failed', message: err instanceof ApiError ? err.message : 'Vos contrats n’ont pas pu être chargés.' }));
  }, []);
  useEffect(load, [load]);
  return [state, load];
}
