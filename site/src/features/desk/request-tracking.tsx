import { useEffect, useId, useState } from 'react';
import { assignRequest, fetchStaff, releaseRequest, setRequestStatus, takeRequest } from './api';
import { DueCell } from './due';
import { kindPanels } from './kinds';
import { useAction } from './use-action';
import type { DeskDetail, Person } from './types';

/**
 * The « Suivi » card of a request: status, deadline, who holds it, and
 * the buttons the signed-in member of staff may use (the detail's `can`):
 * take it, put it back in the queue, hand it on, move its status by hand
 * (unless its kind's panel makes the moves).
 */
export function RequestTracking({ detail, me, onChange }: { detail: DeskDetail; me: string; onChange: () => void }) {
  const id = useId();
  const { request: r, can } = detail;
  // A kind that moves itself from its panel (a claim) has no bare status change here.
  const moves = kindPanels[r.kind]?.ownMoves ? [] : detail.moves;
  const [action, run] = useAction(onChange);
  const [staff, setStaff] = useState<Person[]>([]);
  const [to, setTo] = useState('');
  const [status, setStatus] = useState('');
  useEffect(() => {
    if (can.assign) fetchStaff().then(setStaff, () => setStaff([]));
  }, [can.assign]);
  useEffect(() => { setStatus(''); setTo(''); }, [r.status, r.assignee?.uid]);
  const others = staff.filter((p) => p.uid !== r.assignee?.uid);
  const holder = r.assignee ? (r.assignee.uid === me ? 'Vous' : r.assignee.name) : 'Personne';
  return (
    <section className="card side-card" aria-labelledby={`${id}-titre`}>
      <h2 id={`${id}-titre`}>Suivi</h2>
      <dl className="facts">
        <div><dt>Statut</dt><dd><span className="status-pill">{r.statusLabel}</span></dd></div>
        <div><dt>Vu par le client</dt><dd>{r.clientStatusLabel}</dd></div>
        <div><dt>Échéance</dt><dd><DueCell request={r} /></dd></div>
        <div><dt>Suivie par</dt><dd>{holder}</dd></div>
      </dl>
      <div className="side-actions">
        {can.take ? (
          <button className="btn btn-primary" type="button" disabled={action.busy} onClick={() => void run(() => takeRequest(r.id))}>
            Prendre en charge
          </button>
        ) : null}
        {can.release ? (
          <button className="btn btn-secondary" type="button" disabled={action.busy} onClick={() => void run(() => releaseRequest(r.id))}>
            Remettre dans la file
          </button>
        ) : null}
      </div>
      {can.assign && others.length > 0 ? (
        <form className="inline-form" onSubmit={(e) => { e.preventDefault(); if (to) void run(() => assignRequest(r.id, to)); }}>
          <div className="field">
            <label htmlFor={`${id}-to`}>Confier à…</label>
            <select id={`${id}-to`} value={to} onChange={(e) => setTo(e.target.value)} required>
              <option value="">Choisir…</option>
              {others.map((p) => <option key={p.uid} value={p.uid}>{p.uid === me ? `${p.name} (vous)` : p.name}</option>)}
            </select>
          </div>
          <button className="btn btn-secondary" type="submit" disabled={action.busy || !to}>Confier</button>
        </form>
      ) : null}
      {can.work && moves.length > 0 ? (
        <form className="inline-form" onSubmit={(e) => { e.preventDefault(); if (status) void run(() => setRequestStatus(r.id, status)); }}>
          <div className="field">
            <label htmlFor={`${id}-status`}>Changer le statut</label>
            <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value)} required>
              <option value="">Choisir…</option>
              {moves.map((m) => <option key={m.status} value={m.status}>{m.label}</option>)}
            </select>
          </div>
          <button className="btn btn-secondary" type="submit" disabled={action.busy || !status}>Appliquer</button>
        </form>
      ) : null}
      {!can.work && !can.take && r.status !== 'closed' ? (
        <p className="muted side-note">{r.assignee ? `${r.assignee.name} suit cette demande\u00a0: vous pouvez y ajouter une note.` : 'Prenez cette demande en charge pour la traiter.'}</p>
      ) : null}
      {!can.work && can.take ? <p className="muted side-note">Prenez cette demande en charge pour changer son statut et y répondre.</p> : null}
      {action.error ? <p className="field-error" role="alert">{action.error}</p> : null}
    </section>
  );
}
