import { useEffect, useId, useState } from 'react';
import { productChoices, statusChoices } from './labels';
import type { ContractFilter } from './types';

interface Props {
  filter: ContractFilter;
  onChange: (f: ContractFilter) => void;
}

/**
 * The list's filters: status (with « Justificatifs à vérifier »), product,
 * and a search applied as one types (after a short pause) or on Enter.
 */
export function ContractFilters({ filter, onChange }: Props) {
  const id = useId();
  const [q, setQ] = useState(filter.q ?? '');
  useEffect(() => setQ(filter.q ?? ''), [filter.q]);
  useEffect(() => {
    if (q === (filter.q ?? '')) return;
    const t = setTimeout(() => onChange({ ...filter, q }), 300);
    return () => clearTimeout(t);
  }, [q, filter, onChange]);
  return (
    <form className="contract-filters" role="search" aria-label="Filtrer les contrats" onSubmit={(e) => { e.preventDefault(); onChange({ ...filter, q }); }}>
      <div className="field">
        <label htmlFor={`${id}-status`}>Statut</label>
        <select id={`${id}-status`} value={filter.status ?? ''} onChange={(e) => onChange({ ...filter, status: e.target.value })}>
          {statusChoices.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-product`}>Produit</label>
        <select id={`${id}-product`} value={filter.product ?? ''} onChange={(e) => onChange({ ...filter, product: e.target.value })}>
          {productChoices.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
        </select>
      </div>
      <div className="field contract-search">
        <label htmlFor={`${id}-q`}>Rechercher</label>
        <input id={`${id}-q`} type="search" value={q} maxLength={100} autoComplete="off"
          placeholder="Numéro, client, immatriculation…" title="Un numéro de contrat, le nom ou l’e-mail du client, une immatriculation"
          onChange={(e) => setQ(e.target.value)} />
      </div>
    </form>
  );
}
