import { formatDate, formatDateTime } from '../../lib/format';
import type { Contract } from './types';

/**
 * The signature's evidence: when the client signed with the code sent by
 * e-mail, the evidence file (its summary sealed by the broker), and the
 * last day to withdraw.
 */
export function SignatureSection({ contract: c }: { contract: Contract }) {
  const evidence = c.documents.find((d) => d.kind === 'evidence');
  return (
    <section className="desk-block" aria-labelledby="signature-titre">
      <h2 id="signature-titre">Signature</h2>
      {c.signedAt ? (
        <dl className="facts wide-facts">
          <div><dt>Signé le</dt><dd><time dateTime={c.signedAt}>{formatDateTime(c.signedAt)}</time>, avec le code envoyé à {c.holder.email}</dd></div>
          <div><dt>Preuve</dt><dd>{evidence ? (
            <a href={evidence.url} target="_blank" rel="noopener">{evidence.title}<span className="visually-hidden"> (PDF, nouvel onglet)</span></a>
          ) : <span className="muted">Aucun fichier de preuve</span>}</dd></div>
          {evidence ? <div><dt>Empreinte SHA-256</dt><dd className="mono hash">{evidence.sha256}</dd></div> : null}
          {c.withdrawUntil ? <div><dt>Rétractation</dt><dd>Possible jusqu’au {formatDate(c.withdrawUntil)}</dd></div> : null}
        </dl>
      ) : <p className="muted">Le client n’a pas encore signé.</p>}
    </section>
  );
}
