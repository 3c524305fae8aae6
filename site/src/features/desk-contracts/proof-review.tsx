import { useRef, useState } from 'react';
import { Field } from '../../components/field';
import { ApiError } from '../../lib/api';
import { reviewProof } from './api';
import type { Contract, Proof } from './types';

/** The most a reason may hold, as the server checks it. */
export const reasonMax = 500;

const reasonRequired = 'Dites au client pourquoi ce justificatif est refusé\u00a0: il lira ce motif.';

/**
 * « Accepter » or « Refuser » a supporting document sent. Refusing asks
 * for the reason the client will read, required before anything is sent.
 */
export function ProofReview({ contractId, proof, onDone }: { contractId: string; proof: Proof; onDone: (c: Contract) => void }) {
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [reasonError, setReasonError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);

  async function send(accept: boolean) {
    const why = reason.trim();
    if (!accept && !why) {
      setReasonError(reasonRequired);
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    setReasonError('');
    try {
      onDone(await reviewProof(contractId, proof.kind, accept ? { accept: true } : { accept: false, reason: why }));
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      const message = e?.message ?? 'Erreur inattendue.';
      if (e?.field === 'reason') {
        setReasonError(message);
        field.current?.focus();
      } else setError(message);
      setBusy(false);
    }
  }

  if (!refusing) {
    return (
      <div className="proof-actions">
        <button className="btn btn-primary btn-small" type="button" disabled={busy} onClick={() => send(true)}>Accepter</button>
        <button className="btn btn-secondary btn-small" type="button" disabled={busy} onClick={() => setRefusing(true)}>Refuser</button>
        {error ? <p className="form-error proof-error" role="alert">{error}</p> : null}
      </div>
    );
  }
  return (
    <form className="proof-refuse" noValidate aria-label={`Refuser\u00a0: ${proof.label}`} onSubmit={(e) => { e.preventDefault(); void send(false); }}>
      <Field label="Motif du refus, lu par le client" hint="Par exemple&nbsp;: «&nbsp;La photo est floue, le numéro du permis ne se lit pas.&nbsp;»" error={reasonError}>
        {(ids) => (
          <textarea {...ids} ref={field} value={reason} maxLength={reasonMax} required autoFocus
            onChange={(e) => { setReason(e.target.value); if (reasonError && e.target.value.trim()) setReasonError(''); }} />
        )}
      </Field>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      <div className="proof-actions">
        <button className="btn btn-primary btn-small" type="submit" disabled={busy}>Confirmer le refus</button>
        <button className="btn btn-secondary btn-small" type="button" disabled={busy}
          onClick={() => { setRefusing(false); setReasonError(''); setError(''); }}>Annuler</button>
      </div>
    </form>
  );
}
