import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchContractCounts } from './api';
import { proofsText } from './labels';
import './desk-contracts.css';

/** The tile refreshes this often, like the chat's. */
export const contractsTileRefreshMs = 30_000;

/**
 * The staff dashboard's way to the contracts, with the number of
 * supporting documents waiting to be checked (the link goes straight to
 * them when there are some).
 */
export function ContractsTile() {
  const [toCheck, setToCheck] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => { fetchContractCounts().then((c) => { if (live) setToCheck(c.proofsToCheck); }, () => undefined); };
    load();
    const timer = setInterval(load, contractsTileRefreshMs);
    return () => { live = false; clearInterval(timer); };
  }, []);
  const waiting = (toCheck ?? 0) > 0;
  return (
    <section className="desk-section lc-tile" aria-labelledby="contrats-tuile-titre">
      <h2 id="contrats-tuile-titre">Contrats</h2>
      <Link className={`lc-tile-link${waiting ? ' lc-tile-waiting' : ''}`} to={waiting ? '/dashboard/contracts?status=proofs' : '/dashboard/contracts'} viewTransition>
        {toCheck === null ? null : <span className="lc-tile-count">{waiting ? proofsText(toCheck) : 'Aucun justificatif à vérifier.'}</span>}
        <span className="lc-tile-open">{waiting ? 'Vérifier les justificatifs' : 'Ouvrir les contrats'}</span>
      </Link>
    </section>
  );
}
