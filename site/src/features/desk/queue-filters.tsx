import { useCallback, useEffect, useId, useState } from 'react';
import { productIds } from '../../content/products';
import { productTitle } from '../quotes/quotes';
import type { KindInfo, QueueFilter } from './types';

/** The value of the status select: open (""), closed, everything, or one status of the chosen kind. */
export function statusChoice(f: QueueFilter): string {
  if (f.state === 'all') return 'state:all';
  return f.status ? `status:${f.status}` : '';
}

/** The filter a status choice gives. */
function fromStatusChoice(f: QueueFilter, choice: string): QueueFilter {
  const next: QueueFilter = { ...f, status: undefined, state: undefined };
  if (choice === 'state:all') next.state = 'all';
  else if (choice.startsWith('status:')) next.status = choice.slice('status:'.length);
  return next;
}

const assignees = [
  { value: '', label: 'Tous' },
  { value: 'me', label: 'Moi' },
  { value: 'none', label: 'Non attribuées' },
];

interface Props {
  filter: QueueFilter;
  kinds: KindInfo[];
  onChange: (f: QueueFilter) => void;
}

/**
 * The queue's filters: kind, status, who holds it, product, and a search
 * applied as one types (after a short pause).
 */
export function QueueFilters({ filter: current, kinds, onChange: publish }: Props) {
  const id = useId();
  // The address holds the filter, but it changes only once the navigation
  // is done: until then the fields show the new choice (a controlled radio
  // would otherwise spring back for a moment).
  const [filter, setFilter] = useState(current);
  useEffect(() => setFilter(current), [current]);
  const onChange = useCallback((f: QueueFilter) => { setFilter(f); publish(f); }, [publish]);
  const [q, setQ] = useState(filter.q ?? '');
  useEffect(() => setQ(filter.q ?? ''), [filter.q]);
  useEffect(() => {
    if (q === (filter.q ?? '')) return;
    const t = setTimeout(() => onChange({ ...filter, q }), 300);
    return () => clearTimeout(t);
  }, [q, filter, onChange]);
  const kind = kinds.find((k) => k.kind === filter.kind);
  return (
    <form className="queue-filters" role="search" aria-label="Filtrer la file" onSubmit={(e) => { e.preventDefault(); onChange({ ...filter, q }); }}>
      <div className="field">
        <label htmlFor={`${id}-kind`}>Type</label>
        <select id={`${id}-kind`} value={filter.kind ?? ''} onChange={(e) => onChange({ ...filter, kind: e.target.value, status: undefined })}>
          <option value="">Tous</option>
          {kinds.map((k) => <option key={k.kind} value={k.kind}>{k.label}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>Statut</label>
        <select id={`${id}-status`} value={statusChoice(filter)} onChange={(e) => onChange(fromStatusChoice(filter, e.target.value))}>
          <option value="">En cours</option>
          {kind
            ? kind.statuses.map((s) => <option key={s.status} value={`status:${s.status}`}>{s.label}</option>)
            : <option value="status:closed">Clôturées</option>}
          <option value="state:all">Toutes</option>
        </select>
      </div>
      <fieldset className="field segmented">
        <legend>Suivies par</legend>
        <div className="segmented-options">
          {assignees.map((a) => (
            <label key={a.value} className={(filter.assignee ?? '') === a.value ? 'segmented-on' : undefined}>
              <input type="radio" name={`${id}-assignee`} value={a.value} checked={(filter.assignee ?? '') === a.value}
                onChange={() => onChange({ ...filter, assignee: a.value })} />
              {a.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-product`}>Produit</label>
        <select id={`${id}-product`} value={filter.product ?? ''} onChange={(e) => onChange({ ...filter, product: e.target.value })}>
          <option value="">Tous</option>
          {productIds.map((p) => <option key={p} value={p}>{productTitle(p)}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-due`}>Échéance</label>
        <select id={`${id}-due`} value={filter.due ?? ''} onChange={(e) => onChange({ ...filter, due: e.target.value })}>
          <option value="">Toutes</option>
          <option value="overdue">En retard</option>
          <option value="today">Aujourd’hui</option>
        </select>
      </div>
      <div className="field queue-search">
        <label htmlFor={`${id}-q`}>Rechercher</label>
        <input id={`${id}-q`} type="search" value={q} maxLength={100} autoComplete="off"
          placeholder="Référence, nom, e-mail…" title="Une référence, un nom, une adresse e-mail ou un numéro de téléphone" onChange={(e) => setQ(e.target.value)} />
      </div>
    </form>
  );
}
