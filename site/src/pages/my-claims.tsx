import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { Illustration } from '../components/illustration';
import { formatDate, typeset } from '../lib/format';
import type { Claim } from '../features/claims/api';
import { ClaimStatusBadge, DeclareDelay } from '../features/claims/claim-parts';
import { useClaims } from '../features/claims/use-claims';
import '../features/contracts/contracts.css';
import '../features/claims/claims.css';

/** Whether the delay to declare is still worth showing: while the claim is new, or when it was late. */
function delayMatters(c: Claim): boolean {
  return c.late || c.status === 'declared';
}

/** One claim: reference, nature, product, date, status, the delay when it matters. */
function ClaimCard({ claim }: { claim: Claim }) {
  const titleId = `sinistre-${claim.id}`;
  return (
    <li>
      <article className="card contract-card" aria-labelledby={titleId}>
        <header className="contract-card-head">
          <h2 id={titleId}>{claim.kindLabel}</h2>
          <ClaimStatusBadge claim={claim} />
        </header>
        <p className="contract-number">Dossier <strong>{claim.ref}</strong></p>
        <dl className="contract-facts contract-facts-short claim-facts-short">
          <div><dt>Contrat</dt><dd>{claim.productLabel}, n°&nbsp;<span className="nowrap">{claim.contractNumber ?? claim.policyNumber}</span></dd></div>
          <div><dt>Date</dt><dd><time dateTime={claim.occurredAt}>{formatDate(claim.occurredAt)}</time></dd></div>
        </dl>
        {delayMatters(claim) ? <DeclareDelay claim={claim} short /> : null}
        <p className="contract-card-links">
          <Link className="card-link" to={`/mes-sinistres/${encodeURIComponent(claim.id)}`}>
            Voir le dossier<span className="visually-hidden"> {claim.ref}</span>
          </Link>
        </p>
      </article>
    </li>
  );
}

/** /mes-sinistres: the signed-in client's claims, newest first. */
export default function MyClaimsPage() {
  const [state, reload] = useClaims();
  return (
    <>
      <PageHeader title="Mes sinistres" lead={typeset('Vos déclarations de sinistre et leur suivi : les étapes, vos documents, vos échanges avec votre conseiller.')}>
        <p className="claim-header-action"><Link className="btn btn-primary" to="/sinistres/declarer">Déclarer un sinistre</Link></p>
      </PageHeader>
      <section className="section">
        <div className="container">
          {state.status === 'loading' ? <p className="muted" role="status">Chargement de vos sinistres…</p> : null}
          {state.status === 'failed' ? (
            <div className="form-error" role="alert">
              <p>{state.message}</p>
              <button className="btn btn-secondary" type="button" onClick={reload}>Réessayer</button>
            </div>
          ) : null}
          {state.status === 'ready' && state.claims.length === 0 ? (
            <div className="card contract-empty">
              <Illustration name="empty-claims" className="empty-illustration" />
              <h2>Vous n’avez déclaré aucun sinistre</h2>
              <p>{typeset('Un accident, un dégât des eaux, un vol ? Déclarez-le en quelques minutes, avec vos photos : nous le transmettons à l’assureur et le suivons pour vous.')}</p>
              <p className="contract-card-links"><Link className="btn btn-primary" to="/sinistres/declarer">Déclarer un sinistre</Link></p>
            </div>
          ) : null}
          {state.status === 'ready' && state.claims.length > 0 ? (
            <ul className="contract-list">
              {state.claims.map((c) => <ClaimCard key={c.id} claim={c} />)}
            </ul>
          ) : null}
        </div>
      </section>
    </>
  );
}
