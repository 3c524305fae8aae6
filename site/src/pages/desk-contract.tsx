import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../lib/api';
import { fetchContract } from '../features/desk-contracts/api';
import { amendableStatuses } from '../features/desk-contracts/amendment-form';
import { AmendmentsSection } from '../features/desk-contracts/amendments-section';
import { ClientCard, MandateCard } from '../features/desk-contracts/client-card';
import { ContractHistory } from '../features/desk-contracts/contract-history';
import { ContractSummary } from '../features/desk-contracts/contract-summary';
import { DocumentsSection } from '../features/desk-contracts/documents-section';
import { IncidentSection } from '../features/desk-contracts/incident-section';
import { proofsText, proofsToCheck, provisionalDeadline } from '../features/desk-contracts/labels';
import { PremiumSection } from '../features/desk-contracts/premium-section';
import { PrepareAmendment } from '../features/desk-contracts/prepare-amendment';
import { ProofsSection } from '../features/desk-contracts/proofs-section';
import { RiskSection } from '../features/desk-contracts/risk-section';
import { SignatureSection } from '../features/desk-contracts/signature-section';
import type { Contract } from '../features/desk-contracts/types';
import { StaffOnly } from '../features/desk/staff-only';
import '../features/desk/desk.css';
import '../features/desk-contracts/desk-contracts.css';
// The vehicle picker of « Préparer un avenant ».
import '../features/prices/prices.css';

type State = { status: 'loading' } | { status: 'failed'; message: string; notFound: boolean } | { status: 'ready'; contract: Contract };

const back = <p className="back-link"><Link to="/dashboard/contracts" viewTransition>← Contrats</Link></p>;

/** A contract as staff work on it, once loaded. */
function ContractView({ contract: c, onChange }: { contract: Contract; onChange: (c: Contract) => void }) {
  const toCheck = proofsToCheck(c);
  const deadline = provisionalDeadline(c);
  return (
    <>
      <header className="page-header desk-header">
        <div className="container">
          {back}
          <h1>Contrat {c.number}</h1>
          <p className="desk-header-line">
            <span className="status-pill" aria-live="polite">{c.statusLabel}</span>
            {toCheck > 0 ? <span className="proofs-tag">{proofsText(toCheck)}</span> : null}
            {deadline && deadline.state !== 'later' ? <span className={`deadline-badge deadline-badge-${deadline.state}`}>Couverture provisoire&nbsp;: {deadline.text.toLowerCase()}</span> : null}
            <span>{c.holder.name} · {c.productLabel} · {c.formula} chez {c.insurer}</span>
          </p>
        </div>
      </header>
      <div className="container desk-layout contract-layout">
        <div className="desk-main">
          <IncidentSection contract={c} onChange={onChange} />
          <ProofsSection contract={c} onChange={onChange} />
          <DocumentsSection contract={c} />
          <SignatureSection contract={c} />
          <RiskSection contract={c} />
          <PremiumSection contract={c} />
          <AmendmentsSection contract={c}>
            {amendableStatuses.includes(c.status)
              ? <PrepareAmendment key={c.id} contract={c} onPrepared={() => { fetchContract(c.id).then(onChange, () => undefined); }} />
              : null}
          </AmendmentsSection>
          <ContractHistory history={c.history} />
        </div>
        <aside className="desk-side" aria-label="Contrat, client et mandat">
          <ContractSummary contract={c} />
          <ClientCard contract={c} />
          <MandateCard contract={c} />
        </aside>
      </div>
    </>
  );
}

function ContractPage() {
  const { id = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback(() => {
    fetchContract(id)
      .then((contract) => setState({ status: 'ready', contract }))
      .catch((err: unknown) => setState({
        status: 'failed',
        message: err instanceof ApiError ? err.message : 'Erreur inattendue.',
        notFound: err instanceof ApiError && err.status === 404,
      }));
  }, [id]);
  useEffect(load, [load]);
  const onChange = useCallback((contract: Contract) => setState({ status: 'ready', contract }), []);
  if (state.status === 'ready') return <ContractView contract={state.contract} onChange={onChange} />;
  return (
    <section className="container error-screen">
      <h1>{state.status === 'failed' && state.notFound ? 'Contrat introuvable' : 'Contrat'}</h1>
      {state.status === 'loading' ? <p className="muted" role="status">Chargement du contrat…</p> : null}
      {state.status === 'failed' ? <p role="alert">{state.message}</p> : null}
      {back}
    </section>
  );
}

/** /dashboard/contracts/:id: one contract as agents and admins check it. */
export default function DeskContractPage() {
  return <StaffOnly>{() => <ContractPage />}</StaffOnly>;
}
