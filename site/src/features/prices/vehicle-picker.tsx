import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Field } from '../../components/field';
import { ApiError } from '../../lib/api';
import { searchVehicles, type Vehicle } from './api';
import { vehicleLabel } from './vehicles';

/** How long the picker waits after a key before it asks the catalogue. */
export const searchDelayMs = 250;

type Search =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; vehicles: Vehicle[] }
  | { status: 'failed'; message: string };

/** Props of the vehicle picker. */
export interface VehiclePickerProps {
  kind: 'car' | 'moto';
  label: string;
  value: Vehicle | null;
  onChange: (vehicle: Vehicle | null) => void;
  error?: string;
  id?: string;
  /** Opens the characteristics of a vehicle not in the catalogue (« Mon véhicule n’est pas dans la liste »). */
  onDescribe?: () => void;
}

/** The catalogue's answer to what was typed, asked after a pause in typing. */
function useVehicleSearch(kind: 'car' | 'moto', query: string, enabled: boolean): Search {
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  useEffect(() => {
    const text = query.trim();
    if (!enabled || [...text].length < 2) {
      setSearch({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearch({ status: 'loading' });
      searchVehicles(kind, text, controller.signal)
        .then((vehicles) => setSearch({ status: 'done', vehicles }))
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          setSearch({ status: 'failed', message: err instanceof ApiError ? err.message : '' });
        });
    }, searchDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [kind, query, enabled]);
  return search;
}

/** What the live region says of the search. */
function statusText(search: Search, query: string): string {
  switch (search.status) {
    case 'loading':
      return 'Recherche…';
    case 'failed':
      return `La recherche n’a pas abouti. ${search.message} Réessayez dans un instant.`.replace(/\s+/g, ' ');
    case 'done':
      if (search.vehicles.length === 0) {
        return `Aucun véhicule ne correspond à «\u00a0${query.trim()}\u00a0». Essayez la marque et le modèle, par exemple «\u00a0clio\u00a0» ou «\u00a0208\u00a0».`;
      }
      return search.vehicles.length === 1 ? '1\u00a0véhicule trouvé\u00a0: flèches haut et bas pour parcourir, Entrée pour choisir.'
        : `${search.vehicles.length} véhicules trouvés\u00a0: flèches haut et bas pour parcourir, Entrée pour choisir.`;
    default:
      return '';
  }
}

/**
 * The vehicle picker: an ARIA 1.2 combobox (an input that controls a
 * listbox) searching the catalogue as one types: up and down move through
 * the results, Enter chooses, Escape closes the list (then clears).
 */
export function VehiclePicker({ kind, label, value, onChange, error, id, onDescribe }: VehiclePickerProps) {
  const auto = useId();
  const inputId = id ?? `vehicule-${auto}`;
  const listId = `${inputId}-liste`;
  const statusId = `${inputId}-etat`;
  const [query, setQuery] = useState(value ? vehicleLabel(value) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useVehicleSearch(kind, query, open);
  const vehicles = search.status === 'done' ? search.vehicles : [];
  const expanded = open && vehicles.length > 0;
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => setActive(-1), [search]);
  useEffect(() => {
    if (active >= 0) listRef.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  function choose(v: Vehicle) {
    setQuery(vehicleLabel(v));
    setOpen(false);
    onChange(v);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) setOpen(true);
        else if (vehicles.length) setActive((a) => (a + 1) % vehicles.length);
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (vehicles.length) setActive((a) => (a <= 0 ? vehicles.length - 1 : a - 1));
        break;
      case 'Enter': {
        const v = expanded ? vehicles[active] : undefined;
        if (v) {
          e.preventDefault();
          choose(v);
        } else if (expanded) {
          e.preventDefault();
        }
        break;
      }
      case 'Escape':
        if (open && query) {
          e.preventDefault();
          setOpen(false);
        } else if (query) {
          e.preventDefault();
          setQuery('');
          if (value) onChange(null);
        }
        break;
      default:
    }
  }

  const status = open ? statusText(search, query) : '';
  const hint = kind === 'moto' ? 'Tapez la marque ou le modèle, par exemple «\u00a0MT-07\u00a0» ou «\u00a0tmax\u00a0».'
    : 'Tapez la marque ou le modèle, par exemple «\u00a0clio\u00a0», «\u00a0208\u00a0» ou «\u00a0golf tdi\u00a0».';
  return (
    <Field label={label} hint={hint} error={error} id={inputId}>
      {(ids) => (
        <div className="vehicle-picker">
          <input
            {...ids}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            aria-describedby={[ids['aria-describedby'], statusId].filter(Boolean).join(' ')}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setOpen(true);
              if (value) onChange(null);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
          <ul id={listId} ref={listRef} role="listbox" aria-label={label} className="vehicle-options" hidden={!expanded}>
            {vehicles.map((v, i) => (
              <li
                key={v.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'vehicle-option active' : 'vehicle-option'}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(v)}
              >
                {vehicleLabel(v)}{' '}
                <small>{v.toYear ? `${v.fromYear}–${v.toYear}` : `depuis ${v.fromYear}`}</small>
              </li>
            ))}
          </ul>
          <p id={statusId} className={search.status === 'failed' || (search.status === 'done' && !vehicles.length) ? 'vehicle-status field-hint' : 'visually-hidden'} role="status">
            {status}
          </p>
          {onDescribe ? <button type="button" className="vehicle-describe-link" onClick={onDescribe}>Mon véhicule n’est pas dans la liste</button> : null}
        </div>
      )}
    </Field>
  );
}
