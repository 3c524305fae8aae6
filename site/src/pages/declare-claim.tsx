import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { typeset } from '../lib/format';
import { listContracts } from '../features/contracts/api';
import { todayIso } from '../features/contracts/details';
import { declarable, initialValues, type ContractChoice } from '../features/claims/claim-form';
import { DeclareForm } from '../features/claims/declare-form';
import '../features/contracts/contracts.css';
import '../features/prices/prices.css';
import '../features/claims/claims.css';

type State = { status: 'loading' } | { status: 'ready'; contracts: ContractChoice[]; failed?: boolean };

/** The signed-in client's contracts a loss may be declared on; on failure, none (a contract held elsewhere stays possible). */
function useChoices(): State {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    listContracts()
      .then((all) => live && setState({ status: 'ready', contracts: declarable(all) }))
      .catch(() => live && setState({ status: 'ready', contracts: [], failed: true }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** /sinistres/declarer?contrat=…: the declaration of a loss in three steps, then the claim's page. */
export default function DeclareClaimPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = useChoices();
  const wanted = params.get('contrat') ?? '';
  return (
    <>
      <PageHeader
        title="Déclarer un sinistre"
        lead={typeset('Trois étapes : le contrat, ce qui s’est passé, vos photos et documents. Pour un contrat souscrit chez nous, nous transmettons votre déclaration à l’assureur et la suivons ; pour un contrat souscrit ailleurs, nous vous aidons à la faire.')}
      />
      <section className="section">
        <div className="container claim-declare">
          {state.status === 'loading' ? <p className="muted" role="status">Chargement de vos contrats…</p> : null}
          {state.status === 'ready' ? (
            <>
              {state.failed ? <p className="notice" role="alert">{typeset('Vos contrats n’ont pas pu être chargés : vous pouvez déclarer sur un contrat souscrit ailleurs, ou recharger la page.')}</p> : null}
              <DeclareForm
                contracts={state.contracts} today={todayIso()}
                initial={initialValues(state.contracts.some((c) => c.id === wanted) ? wanted : '')}
                onDone={(claim) => navigate(`/mes-sinistres/${encodeURIComponent(claim.id)}`, { state: { declared: true }, viewTransition: true })}
              />
            </>
          ) : null}
        </div>
      </section>
    </>
  );
}
