import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { fetchKindDetail } from './api';
import { kindPanels } from './kinds';
import type { DeskRequest, KindLine } from './types';

type State = { status: 'loading' } | { status: 'none' } | { status: 'failed'; message: string } | { status: 'ready'; detail: unknown };

/**
 * The lines a kind describes a request with (desk.KindSpec.Lines), for a
 * kind the site has no panel for: what was sent, read-only.
 */
export function KindLines({ label, lines }: { label: string; lines: KindLine[] }) {
  if (lines.length === 0) return null;
  return (
    <section className="card kind-lines" aria-label={label}>
      <dl className="facts">
        {lines.map((l, i) => <div key={i}><dt>{l.label}</dt><dd>{l.value || '—'}</dd></div>)}
      </dl>
    </section>
  );
}

/**
 * The kind's own parts of the request page (site/src/features/desk/kinds.ts):
 * what was sent and answered, then the kind's actions. A kind without a
 * panel shows its lines; one whose endpoint is not there (404) shows
 * nothing here: the shared part of the page still works.
 */
export function KindSection({ request, lines = [], version, onChange }: { request: DeskRequest; lines?: KindLine[]; version: number; onChange: () => void }) {
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
  if (!panel) return <KindLines label={request.kindLabel} lines={lines} />;
  if (state.status === 'none') return null;
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
