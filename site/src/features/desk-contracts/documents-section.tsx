import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { shortDateTime } from '../desk/dates';
import { resendDocument } from './api';
import type { Contract, ContractDocument } from './types';

type Sending = { state: 'idle' } | { state: 'busy' } | { state: 'done'; message: string } | { state: 'failed'; message: string };

/** One document: open it, or send it to the client again. */
function DocumentItem({ contractId, doc, older }: { contractId: string; doc: ContractDocument; older: boolean }) {
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  // Versions of a document share a title: the button says which one it sends.
  const version = older ? `, version du ${shortDateTime(doc.issuedAt)}` : doc.signed ? ', version signée' : '';
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
          {doc.replaced ? <><span className="tag">Remplacé</span> </> : null}
          {doc.signed ? <><span className="tag">Signé</span> émis</> : doc.replaced ? 'émis' : 'Émis'} le <time dateTime={doc.issuedAt}>{shortDateTime(doc.issuedAt)}</time>
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
 * The documents in force, the newest of each kind (signed ones once the
 * contract is signed), and the versions they replaced: those read before
 * the signature, a provisional Mémo Véhicule Assuré. Newest first, as the
 * server lists them.
 */
export function splitVersions(docs: ContractDocument[]): { current: ContractDocument[]; older: ContractDocument[] } {
  const current: ContractDocument[] = [];
  const older: ContractDocument[] = [];
  for (const d of docs) {
    // Each avenant is a document of its own, never a version of another;
    // a document an amendment replaced is a former version whatever its place.
    const superseded = d.replaced || (d.kind !== 'amendment' && current.some((c) => c.kind === d.kind));
    (superseded ? older : current).push(d);
  }
  return { current, older };
}

/** The contract's documents: each opens as a PDF and may be e-mailed to the client again; older versions fold away. */
export function DocumentsSection({ contract }: { contract: Contract }) {
  const { current, older } = splitVersions(contract.documents);
  const list = (docs: ContractDocument[], old = false) => (
    <ul className="docs">
      {docs.map((d) => <DocumentItem key={d.id} contractId={contract.id} doc={d} older={old} />)}
    </ul>
  );
  return (
    <section className="desk-block" aria-labelledby="documents-titre">
      <h2 id="documents-titre">Documents</h2>
      {contract.documents.length === 0 ? <p className="muted">Aucun document émis.</p> : list(current)}
      {older.length > 0 ? (
        <details className="docs-drafts">
          <summary>Versions antérieures ({older.length})</summary>
          {list(older, true)}
        </details>
      ) : null}
    </section>
  );
}
