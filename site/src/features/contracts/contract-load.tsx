import { Link } from 'react-router-dom';
import type { ContractState } from './use-contract';

/** What a contract's page says while its contract loads, or when it cannot be had. */
export function ContractLoad({ state }: { state: ContractState }) {
  if (state.status === 'loading') return <p className="muted" role="status">Chargement de votre contrat…</p>;
  if (state.status === 'failed') {
    return (
      <div className="card contract-empty" role="alert">
        <p>{state.message}</p>
        <Link className="btn btn-primary" to="/mes-contrats">Mes contrats</Link>
      </div>
    );
  }
  return null;
}
