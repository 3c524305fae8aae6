import { useState } from 'react';
import { formatDateTime, typeset } from '../../lib/format';
import { ProofReview } from './proof-review';
import type { Contract, Proof } from './types';

const imageName = /\.(jpe?g|png)$/i;

/** A small preview of a photo sent; hidden when the file is not an image after all. */
function ProofPreview({ proof }: { proof: Proof }) {
  const [broken, setBroken] = useState(false);
  if (!proof.url || !proof.name || !imageName.test(proof.name) || broken) return null;
  return <img className="proof-preview" src={`${proof.url}?v=${encodeURIComponent(proof.sentAt ?? '')}`} alt={`Aperçu\u00a0: ${proof.label}`} loading="lazy" onError={() => setBroken(true)} />;
}

/** What happened to a supporting document: sent, checked, refused and why. */
function ProofFacts({ proof }: { proof: Proof }) {
  return (
    <>
      {proof.sentAt ? <p className="proof-meta">Envoyé le {formatDateTime(proof.sentAt)}{proof.name ? <> · <span className="proof-name">{proof.name}</span></> : null}</p> : null}
      {proof.status === 'missing' ? <p className="proof-meta">Pas encore envoyé par le client.</p> : null}
      {proof.checkedAt && proof.status !== 'sent' ? <p className="proof-meta">{proof.status === 'refused' ? 'Refusé' : 'Accepté'} le {formatDateTime(proof.checkedAt)}</p> : null}
      {proof.status === 'refused' && proof.reason ? <p className="proof-reason">Motif donné au client&nbsp;: {typeset(proof.reason)}</p> : null}
    </>
  );
}

/** One supporting document: its state, its file to open, and the check when it waits for one. */
function ProofItem({ contract, proof, onChange }: { contract: Contract; proof: Proof; onChange: (c: Contract) => void }) {
  return (
    <li className={`proof proof-${proof.status}`}>
      <div className="proof-head">
        <h3>{proof.label}</h3>
        <span className={`status-pill proof-status-${proof.status}`}>{proof.statusLabel}</span>
      </div>
      <div className="proof-body">
        <ProofPreview proof={proof} />
        <div className="proof-text">
          <ProofFacts proof={proof} />
          {proof.url ? (
            <p className="proof-open">
              <a href={proof.url} target="_blank" rel="noopener">Ouvrir le fichier<span className="visually-hidden"> «&nbsp;{proof.label}&nbsp;» (nouvel onglet)</span></a>
            </p>
          ) : null}
          {proof.status === 'sent' ? <ProofReview contractId={contract.id} proof={proof} onDone={onChange} /> : null}
        </div>
      </div>
    </li>
  );
}

/** The supporting documents of a contract, each to open and to check. */
export function ProofsSection({ contract, onChange }: { contract: Contract; onChange: (c: Contract) => void }) {
  if (contract.proofs.length === 0) return null;
  const waiting = contract.proofs.filter((p) => p.status === 'sent').length;
  return (
    <section className="desk-block proofs-block" aria-labelledby="justificatifs-titre">
      <h2 id="justificatifs-titre">Justificatifs</h2>
      <p className="block-lead muted">
        {waiting > 0 ? 'Ouvrez chaque fichier, puis acceptez-le ou refusez-le avec un motif que le client lira.' : 'Aucun justificatif n’attend de vérification.'}
        {' '}Le contrat devient actif quand tous sont acceptés.
      </p>
      <ul className="proofs">
        {contract.proofs.map((p) => <ProofItem key={p.kind} contract={contract} proof={p} onChange={onChange} />)}
      </ul>
    </section>
  );
}
