import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { fetchStaff } from '../desk/api';
import type { Person } from '../desk/types';
import { closeConversation, handBack, takeConversation, transferConversation } from './api';
import type { StaffConversation } from './types';

/** What the page does after an action. */
export interface ActionOutcome {
  /** The conversation changed and stays open here: reload it and the inbox. */
  onChanged: () => void;
  /** Another agent took it first (409): show the server's message, reload. */
  onConflict: (message: string) => void;
  /** It left the signed-in agent's hands: say so and go back to the inbox. */
  onLeft: (notice: string) => void;
}

function message(err: unknown): string {
  return err instanceof ApiError ? err.message : 'Erreur inattendue.';
}

/** « Transmettre à… »: the active agents and admins, the holder left out. */
function TransferForm({ c, me, busy, run }: { c: StaffConversation; me: string; busy: boolean; run: (fn: () => Promise<void>, to: Person) => void }) {
  const id = useId();
  const [staff, setStaff] = useState<Person[]>([]);
  const [to, setTo] = useState('');
  useEffect(() => { fetchStaff().then(setStaff, () => setStaff([])); }, []);
  const others = staff.filter((p) => p.uid !== c.agent?.uid);
  if (others.length === 0) return null;
  return (
    <form className="inline-form" onSubmit={(e) => {
      e.preventDefault();
      const p = others.find((x) => x.uid === to);
      if (p) run(() => transferConversation(c.id, p.uid), p);
    }}>
      <div className="field">
        <label htmlFor={`${id}-a`}>Transmettre à…</label>
        <select id={`${id}-a`} value={to} onChange={(e) => setTo(e.target.value)} required>
          <option value="">Choisir…</option>
          {others.map((p) => <option key={p.uid} value={p.uid}>{p.uid === me ? `${p.name} (vous)` : p.name}</option>)}
        </select>
      </div>
      <button className="btn btn-secondary" type="submit" disabled={busy || !to}>Transmettre</button>
    </form>
  );
}

/**
 * The actions on a conversation, as pkg/chat allows them: take a waiting
 * one; hand it to someone, give it back to the assistant or close it
 * while it waits, or when one holds it (an admin, any).
 */
export function ConversationActions({ c, me, admin, outcome }: { c: StaffConversation; me: string; admin: boolean; outcome: ActionOutcome }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const act = async (fn: () => Promise<unknown>, after: () => void) => {
    setBusy(true);
    setError('');
    try {
      await fn();
      after();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) outcome.onConflict(err.message);
      else setError(message(err));
    } finally {
      setBusy(false);
    }
  };
  const holds = c.state === 'waiting' || (c.state === 'live' && (c.agent?.uid === me || admin));
  if (!holds) return null;
  return (
    <section className="lc-actions" aria-label="Actions sur la conversation">
      <div className="side-actions">
        {c.state === 'waiting' ? (
          <button className="btn btn-primary" type="button" disabled={busy} onClick={() => void act(() => takeConversation(c.id), outcome.onChanged)}>
            Prendre la conversation
          </button>
        ) : null}
        {holds ? (
          <>
            <button className="btn btn-secondary" type="button" disabled={busy}
              onClick={() => void act(() => handBack(c.id), () => outcome.onLeft('La conversation est rendue à l’assistant.'))}>
              Retour à l’assistant
            </button>
            <button className="btn btn-secondary" type="button" disabled={busy}
              onClick={() => void act(() => closeConversation(c.id), () => outcome.onLeft('La conversation est close.'))}>
              Clore
            </button>
          </>
        ) : null}
      </div>
      {holds ? (
        <TransferForm c={c} me={me} busy={busy} run={(fn, p) => void act(fn, () => (p.uid === me ? outcome.onChanged() : outcome.onLeft(`La conversation est transmise à ${p.name}.`)))} />
      ) : null}
      {error ? <p className="field-error" role="alert">{error}</p> : null}
    </section>
  );
}
