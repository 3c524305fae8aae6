import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { fetchCanned } from './api';
import type { Canned } from './types';

/** The canned answers: null while loading; the error of the last load, if any. */
export function useCanned(): { canned: Canned[] | null; error: string; reload: () => void } {
  const [canned, setCanned] = useState<Canned[] | null>(null);
  const [error, setError] = useState('');
  const reload = useCallback(() => {
    fetchCanned().then(
      (list) => { setCanned(list); setError(''); },
      (err: unknown) => { setCanned((c) => c ?? []); setError(err instanceof ApiError ? err.message : 'Erreur inattendue.'); },
    );
  }, []);
  useEffect(reload, [reload]);
  return { canned, error, reload };
}
