import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { formatDateTime, typeset } from '../../lib/format';
import { acceptedUploads as accepted, fileProblem } from '../../lib/upload-file';
import { uploadProof, type Contract, type Proof } from './api';

/** One supporting document: its status, the refusal's reason, and the file to send when it is awaited. */
function ProofItem({ contract, proof, canUpload, onChange }: { contract: Contract; proof: Proof; canUpload: boolean; onChange: (c: Contract) => void }) {
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const id = `justificatif-${proof.kind}`;
  const awaited = canUpload && (proof.status === 'missing' || proof.status === 'refused');

  async function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const problem = fileProblem(file);
    setError(problem);
    if (problem || !file) {
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    try {
      const updated = await uploadProof(contract.id, proof.kind, file);
      setDone(true);
      setFile(undefined);
      onChange(updated);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Le fichier n’a pas pu être envoyé. Réessayez.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={`contract-proof contract-proof-${proof.status}`}>
      <div className="contract-proof-head">
        <h3>{proof.label}</h3>
        <p className={`proof-status proof-status-${proof.status}`}>
          <span className="visually-hidden">État&nbsp;: </span>{proof.statusLabel}
        </p>
      </div>
      {proof.name && proof.url ? (
        <p className="muted">
          Fichier envoyé&nbsp;: <a href={proof.url} target="_blank" rel="noopener">{proof.name}<span className="visually-hidden"> (nouvel onglet)</span></a>
          {proof.sentAt ? <> le <time dateTime={proof.sentAt}>{formatDateTime(proof.sentAt)}</time></> : null}
        </p>
      ) : null}
      {proof.status === 'refused' && proof.reason ? (
        <p className="contract-refusal"><strong>Motif du refus&nbsp;:</strong> {typeset(proof.reason)}</p>
      ) : null}
      {done && proof.status === 'sent' ? <p className="notice-success" role="status">Merci, votre fichier est reçu&nbsp;: un conseiller le vérifie.</p> : null}
      {awaited ? (
        <form className="contract-upload" onSubmit={(e) => void send(e)} noValidate>
          <div className="field">
            <label htmlFor={id}>{proof.status === 'refused' ? 'Envoyer un nouveau fichier' : 'Votre fichier'}<span className="visually-hidden"> ({proof.label})</span></label>
            <p id={`${id}-aide`} className="field-hint">{typeset('PDF, JPEG ou PNG, 10 Mo au plus.')}</p>
            <input
              id={id} type="file" accept={accepted} onChange={(e) => { setFile(e.target.files?.[0]); setError(undefined); }}
              aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-aide ${id}-erreur` : `${id}-aide`}
            />
            {error ? <p id={`${id}-erreur`} className="field-error">{typeset(error)}</p> : null}
          </div>
          <button className="btn btn-secondary" type="submit" disabled={busy}>
            {busy ? 'Envoi…' : 'Envoyer'}<span className="visually-hidden"> «&nbsp;{proof.label}&nbsp;»</span>
          </button>
        </form>
      ) : null}
    </li>
  );
}

/** The supporting documents the contract needs: each with its status, sent or sent again from here. */
export function ProofsSection({ contract, onChange }: { contract: Contract; onChange: (c: Contract) => void }) {
  if (contract.proofs.length === 0) return null;
  const canUpload = contract.actions.includes('upload');
  return (
    <section className="card contract-section" id="justificatifs" aria-labelledby="justificatifs-titre" tabIndex={-1}>
      <h2 id="justificatifs-titre">Mes justificatifs</h2>
      {contract.status === 'pending_signature' ? (
        <p className="muted">Vous les enverrez après la signature.</p>
      ) : (
        <p>{typeset('Un conseiller vérifie chaque document ; le contrat devient « Actif » quand tous sont acceptés.')}</p>
      )}
      <ul className="contract-proofs">
        {contract.proofs.map((p) => <ProofItem key={p.kind} contract={contract} proof={p} canUpload={canUpload} onChange={onChange} />)}
      </ul>
    </section>
  );
}
