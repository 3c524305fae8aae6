import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { typeset } from '../lib/format';
import { PriceSteps } from '../features/prices/price-steps';
import { offerText } from '../features/contracts/contract-parts';
import { todayIso } from '../features/contracts/details';
import { useContract } from '../features/contracts/use-contract';
import { ContractLoad } from '../features/contracts/contract-load';
import type { AmendedContract } from '../features/amendments/api';
import { amendable } from '../features/amendments/amendable';
import { AmendmentFlow, amendmentSteps, stepNumber, type FlowStep } from '../features/amendments/amendment-flow';
import '../features/prices/prices.css';
import '../features/contracts/contracts.css';
import '../features/amendments/amendments.css';

/** /mes-contrats/:id/modifier: change a contract in force, see the price of the change, sign it by code, download the new documents. */
export default function ContractAmendmentPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const [state, replace] = useContract(id);
  const [step, setStep] = useState<FlowStep>({ step: 'change' });
  const contract = state.status === 'ready' ? (state.contract as AmendedContract) : undefined;
  const here = `/mes-contrats/${encodeURIComponent(id)}`;
  return (
    <>
      <PageHeader
        title="Modifier mon contrat"
        lead={contract ? typeset(`Contrat n° ${contract.number} : ${contract.productLabel}, ${offerText(contract)}.`) : typeset('Un véhicule, une adresse, un conducteur, une formule ou un compte bancaire : le prix du changement avant de signer.')}
      >
        <PriceSteps names={amendmentSteps} current={stepNumber(step)} />
      </PageHeader>
      <section className="section">
        <div className="container">
          <ContractLoad state={state} />
          {contract && !amendable(contract) && step.step !== 'done' ? (
            <div className="card contract-empty" role="alert">
              <p>{typeset(`Ce contrat ne peut pas être modifié en ligne : il est « ${contract.statusLabel.toLowerCase()} ». Un conseiller peut vous aider depuis la page Contact.`)}</p>
              <p><Link className="btn btn-primary" to={here}>Revenir à mon contrat</Link> <Link to="/contact">Contact</Link></p>
            </div>
          ) : null}
          {contract && (amendable(contract) || step.step === 'done') ? (
            <AmendmentFlow contract={contract} today={todayIso()} open={search.get('avenant') ?? undefined} onStep={setStep} onContract={replace} />
          ) : null}
        </div>
      </section>
    </>
  );
}
