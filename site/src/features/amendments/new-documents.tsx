import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, typeset } from '../../lib/format';
import type { ContractDocument } from '../contracts/api';
import { ContractDocuments } from '../contracts/contract-parts';
import type { Amendment, AmendedContract } from './api';
import { adjustmentText } from './price-of-change';

/**
 * The documents an amendment's signature issued (the avenant, the new
 * conditions, the new Mémo or attestation): those issued from its
 * signature on, a second's slack for the clocks of the server's steps.
 */
export function documentsOf(c: AmendedContract, a: Amendment): ContractDocument[] {
  if (!a.signedAt) return [];
  const at = Date.parse(a.signedAt) - 1000;
  return c.documents.filter((d) => Date.parse(d.issuedAt) >= at);
}

/** After the signature: the change is made, what to do next, the new documents to download. */
export function AmendmentDone({ contract: c, amendment: a, onAgain }: { contract: AmendedContract; amendment: Amendment; onAgain?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const here = `/mes-contrats/${encodeURIComponent(c.id)}`;
  const docs = documentsOf(c, a);
  const toSend = c.proofs.filter((p) => p.status === 'missing' || p.status === 'refused');
  return (
    <section className="card contract-done amendment-done" aria-labelledby="avenant-signe">
      <h2 id="avenant-signe" ref={heading} tabIndex={-1}>Votre changement est signé</h2>
      <p>{typeset(`${a.kindLabel}, à partir du ${formatDate(a.effectiveDate)}. ${adjustmentText(a.adjustmentCents)}. Un e-mail vous confirme la signature, avec vos nouveaux documents.`)}</p>
      {c.provisionalUntil ? <p>{typeset(`Vous êtes couvert provisoirement jusqu’au ${formatDate(c.provisionalUntil)}, le temps de vérifier vos justificatifs.`)}</p> : null}
      {toSend.length > 0 ? (
        <>
          <h3>À faire maintenant&nbsp;: envoyer vos justificatifs</h3>
          <ul>{toSend.map((p) => <li key={p.kind}>{p.label}</li>)}</ul>
          <p><Link className="btn btn-primary" to={`${here}#justificatifs`}>Envoyer mes justificatifs</Link></p>
        </>
      ) : null}
      <h3>Vos nouveaux documents</h3>
      <ContractDocuments documents={docs} signedAt={a.signedAt} headingLevel={2} />
      <p className="muted">{typeset('Les documents précédents restent dans l’historique de votre contrat, marqués remplacés.')}</p>
      <div className="contract-actions">
        <Link className="btn btn-primary" to={here}>Voir mon contrat</Link>
        {onAgain ? <button type="button" className="btn btn-secondary" onClick={onAgain}>Faire un autre changement</button> : null}
      </div>
    </section>
  );
}
