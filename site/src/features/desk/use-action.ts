import { useCallback, useState } from 'react';
import { ApiError, type FieldMessage } from '../../lib/api';

/** An action's state: running, and the French message of its last failure with the field it names (and every refused field). */
export interface ActionState {
  busy: boolean;
  error: string;
  field?: string;
  errors?: FieldMessage[];
}

/**
 * Runs one API action at a time for a part of a page: the buttons wait
 * while it runs, its failure is kept to show next to them, and done runs
 * after a success (usually: reload the request).
 */
export function useAction(done: () => void): [ActionState, (fn: () => Promise<unknown>) => Promise<boolean>] {
  const [state, setState] = useState<ActionState>({ busy: false, error: '' });
  const run = useCallback(async (fn: () => Promise<unknown>) => {
    setState({ busy: true, error: '' });
    try {
      await fn();
      setState({ busy: false, error: '' });
      done();
      return true;
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      setState({ busy: false, error: e?.message ?? 'Erreur inattendue.', field: e?.field, errors: e?.errors });
      return false;
    }
  }, [done]);
  return [state, run];
}
