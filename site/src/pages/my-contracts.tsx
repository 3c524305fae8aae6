import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { Illustration } from '../components/illustration';
import { formatDate, typeset } from '../lib/format';
import type { Contract } from '../features/contracts/api';
import { offerText, premiumText, StatusBadge } from '../features/contracts/contract-parts';
import { useContracts } from '../features/contracts/use-contract';
import '../features/contracts/contracts.css';

/** One contract: number, product, offer, status, premium and start, and what to do next. */
function ContractCard({ contract }: { contract: Contract }) {
  const titleId = `contrat-${contract.id}`;
  const here = `/mes-contrats/${encodeURIComponent(contract.id)}`;
  const toSend = contract.proofs.filter((p) => p.status === 'missing' || p.status === 'refused').length;
  return (
    <li>
      <article className="card contract-card" aria-labelledby={titleId}>
        <header className="contract-card-head">
          <h2 id={titleId}>{contract.productLabel}</h2>
          <StatusBadge contract={contract} />
        </header>
        <p className="contract-number">Contrat n°&nbsp;<strong>{contract.number}</strong></p>
        <p>{offerText(contract)}</p>
        <dl className="contract-facts contract-facts-short">
          <div><dt>Prix</dt><dd>{premiumText(contract)}</dd></div>
          <div><dt>Début</dt><dd>{formatDate(contract.startDate)}</dd></div>
          {contract.ending ? <div><dt>Fin</dt><dd>{formatDate(contract.ending.date)}</dd></div> : null}
        </dl>
        {toSend > 0 && contract.actions.includes('upload') ? (
          <p className="contract-proofs-due">{toSend > 1 ? `${toSend}\u00a0justificatifs à envoyer` : '1\u00a0justificatif à envoyer'}</p>
        ) : null}
        <p className="contract-card-links">
          {contract.actions.includes('sign') ? (
            <Link className="btn btn-primary" to={`${here}/signature`}>
              Signer<span className="visually-hidden"> le contrat n°&nbsp;{contract.number}</span>
            </Link>
          ) : null}
          <Link className="card-link" to={here}>
            Voir le contrat<span className="visually-hidden"> n°&nbsp;{contract.number}</span>
          </Link>
        </p>
      </article>
    </li>
  );
}

/** /mes-contrats: the signed-in client's contracts, newest first. */
export default function MyContractsPage() {
  const [state, reload] = useContracts();
  return (
    <>
      <PageHeader title="Mes contrats" lead={typeset('Vos contrats souscrits en ligne : leurs documents, vos justificatifs, vos prélèvements, la résiliation.')} />
      <section className="section">
        <div className="container">
          {state.status === 'loading' ? <p className="muted" role="status">Chargement de vos contrats…</p> : null}
          {state.status === 'failed' ? (
            <div className="form-error" role="alert">
              <p>{state.message}</p>
              <button className="btn btn-secondary" type="button" onClick={reload}>Réessayer</button>
            </div>
          ) : null}
          {state.status === 'ready' && state.contracts.length === 0 ? (
            <div className="card contract-empty">
              <Illustration name="empty-contracts" className="empty-illustration" />
              <h2>Vous n’avez pas encore de contrat</h2>
              <p>{typeset('Obtenez un prix en deux minutes, gardez-le, puis souscrivez en ligne : « Souscrire » sur le prix choisi.')}</p>
              <p className="contract-card-links">
                <Link className="btn btn-primary" to="/prix/auto">Obtenir un prix</Link>
                <Link className="card-link" to="/my-quotes">Mes devis et prix gardés</Link>
              </p>
            </div>
          ) : null}
          {state.status === 'ready' && state.contracts.length > 0 ? (
            <ul className="contract-list">
              {state.contracts.map((c) => <ContractCard key={c.id} contract={c} />)}
            </ul>
          ) : null}
          <p className="contract-cancel-link"><Link to="/resilier">Résilier votre contrat</Link></p>
        </div>
      </section>
    </>
  );
}
