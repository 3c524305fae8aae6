import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { getClaim, listClaims, type Claim } from './api';

/** A claim being loaded, failed, or ready (and replaced after a change). */
export type ClaimState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; claim: Claim };

function failure(err: unknown): string {
  if (err instanceof ApiError && err.status === 404) return 'Ce dossier de sinistre est introuvable.';
  return err instanceof ApiError ? err.message : 'Ce dossier n’a pas pu être chargé. Réessayez.';
}

/** One claim of the signed-in client, and a way to replace it after a change. */
export function useClaim(id: string): [ClaimState, (c: Claim) => void] {
  const [state, setState] = useState<ClaimState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    getClaim(id)
      .then((claim) => live && setState({ status: 'ready', claim }))
      .catch((err: unknown) => live && setState({ status: 'failed', message: failure(err) }));
    return () => {
      live = false;
    };
  }, [id]);
  const replace = useCallback((claim: Claim) => setState({ status: 'ready', claim }), []);
  return [state, replace];
}

/** Every claim of the signed-in client. */
export type ClaimsState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; claims: Claim[] };

/** The signed-in client's claims, newest first; reload asks again. */
export function useClaims(): [ClaimsState, () => void] {
  const [state, setState] = useState<ClaimsState>({ status: 'loading' });
  const load = useCallback(() => {
    setState({ status: 'loading' });
    listClaims()
      .then((claims) => setState({ status: 'ready', claims }))
      .catch((err: unknown) => setState({ status: 'failed', message: err instanceof ApiError ? err.message : 'Vos sinistres n’ont pas pu être chargés.' }));
  }, []);
  useEffect(load, [load]);
  return [state, load];
}
