import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { fetchKindDetail } from './api';
import { kindPanels } from './kinds';
import type { DeskRequest } from './types';

type State = { status: 'loading' } | { status: 'none' } | { status: 'failed'; message: string } | { status: 'ready'; detail: unknown };

/**
 * The kind's own parts of the request page (site/src/features/desk/kinds.ts):
 * what was sent and answered, then the kind's actions. A kind without a
 * panel, or whose endpoint is not there (404), shows nothing here: the
 * shared part of the page still works.
 */
export function KindSection({ request, version, onChange }: { request: DeskRequest; version: number; onChange: () => void }) {
  const panel = kindPanels[request.kind];
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    if (!panel) return;
    let live = true;
    fetchKindDetail(request.id, request.kind).then(
      (detail) => { if (live) setState(detail === null ? { status: 'none' } : { status: 'ready', detail }); },
      (err: unknown) => { if (live) setState({ status: 'failed', message: err instanceof ApiError ? err.message : '' }); },
    );
    return () => { live = false; };
  }, [panel, request.id, request.kind, version]);
  if (!panel || state.status === 'none') return null;
  if (state.status === 'loading') return <p className="muted" role="status">Chargement du détail…</p>;
  if (state.status === 'failed') return <p className="form-error" role="alert">Le détail de la demande n’a pas pu être chargé. {state.message}</p>;
  const { Details, Actions } = panel;
  return (
    <div className="kind-section">
      {Details ? <Details request={request} detail={state.detail} onChange={onChange} /> : null}
      {Actions ? <Actions request={request} detail={state.detail} onChange={onChange} /> : null}
    </div>
  );
}
