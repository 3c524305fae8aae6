import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { shortDateTime } from '../desk/dates';
import { resendDocument } from './api';
import type { Contract, ContractDocument } from './types';

type Sending = { state: 'idle' } | { state: 'busy' } | { state: 'done'; message: string } | { state: 'failed'; message: string };

/** One document: open it, or send it to the client again. */
function DocumentItem({ contractId, doc, draft }: { contractId: string; doc: ContractDocument; draft: boolean }) {
  // Two versions of a document share a title: the button says which one it sends.
  const version = doc.signed ? ', version signée' : draft ? ', version avant signature' : '';
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  async function resend() {
    setSending({ state: 'busy' });
    try {
      setSending({ state: 'done', message: await resendDocument(contractId, doc.id) });
    } catch (err) {
      setSending({ state: 'failed', message: err instanceof ApiError ? err.message : 'Erreur inattendue.' });
    }
  }
  return (
    <li className="doc">
      <div className="doc-text">
        <a className="doc-title" href={doc.url} target="_blank" rel="noopener">{doc.title}<span className="visually-hidden"> (PDF, nouvel onglet)</span></a>
        <span className="doc-meta">
          {doc.signed ? <span className="tag">Signé</span> : null}
          {doc.signed ? ' émis' : 'Émis'} le <time dateTime={doc.issuedAt}>{shortDateTime(doc.issuedAt)}</time>
        </span>
      </div>
      <div className="doc-actions">
        <button className="btn btn-secondary btn-small" type="button" disabled={sending.state === 'busy'} onClick={resend}
          aria-label={`Renvoyer au client\u00a0: ${doc.title}${version}`}>Renvoyer au client</button>
      </div>
      <p className={sending.state === 'failed' ? 'doc-sent form-error' : 'doc-sent notice-line'} role="status">
        {sending.state === 'done' || sending.state === 'failed' ? sending.message : ''}
      </p>
    </li>
  );
}

/**
 * The contract's documents, newest first: each opens as a PDF and may be
 * e-mailed to the client again. Once signed, the versions the client read
 * before signing fold away under their own heading.
 */
export function DocumentsSection({ contract }: { contract: Contract }) {
  // A draft is a version read before the signature; the Mémo Véhicule
  // Assuré, issued at the signature and after, is not one.
  const signedAt = contract.signedAt ? Date.parse(contract.signedAt) : Infinity;
  const isDraft = (d: ContractDocument) => !d.signed && Date.parse(d.issuedAt) < signedAt;
  const signed = contract.documents.filter((d) => !isDraft(d));
  const drafts = contract.documents.filter(isDraft);
  const list = (docs: ContractDocument[], draft = false) => (
    <ul className="docs">
      {docs.map((d) => <DocumentItem key={d.id} contractId={contract.id} doc={d} draft={draft} />)}
    </ul>
  );
  return (
    <section className="desk-block" aria-labelledby="documents-titre">
      <h2 id="documents-titre">Documents</h2>
      {contract.documents.length === 0 ? <p className="muted">Aucun document émis.</p> : null}
      {signed.length > 0 ? list(signed) : null}
      {drafts.length > 0 && signed.length > 0 ? (
        <details className="docs-drafts">
          <summary>Versions lues avant la signature ({drafts.length})</summary>
          {list(drafts, true)}
        </details>
      ) : null}
      {drafts.length > 0 && signed.length === 0 ? list(drafts, true) : null}
    </section>
  );
}
