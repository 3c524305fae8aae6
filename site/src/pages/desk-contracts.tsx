import { Link } from 'react-router-dom';
import { ContractsList } from '../features/desk-contracts/contracts-list';
import { StaffOnly } from '../features/desk/staff-only';
import '../features/desk/desk.css';
import '../features/desk-contracts/desk-contracts.css';

/** /dashboard/contracts: every contract for staff, filtered by status, product or a search. */
export default function DeskContractsPage() {
  return (
    <StaffOnly>
      {() => (
        <>
          <header className="page-header desk-header">
            <div className="container">
              <p className="back-link"><Link to="/dashboard" viewTransition>← Tableau de bord</Link></p>
              <h1>Contrats</h1>
              <p>Les contrats souscrits en ligne&nbsp;: justificatifs à vérifier, couvertures provisoires à surveiller, documents à renvoyer.</p>
            </div>
          </header>
          <div className="container desk-dashboard">
            <ContractsList />
          </div>
        </>
      )}
    </StaffOnly>
  );
}
