import { useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { setPresence } from './api';

/**
 * « Disponible » / « Absent »: whether the visitors may be offered this
 * agent. Shown at once, put back if the server refuses.
 */
export function PresenceSwitch({ away, onChange }: { away: boolean; onChange: (away: boolean) => void }) {
  const id = useId();
  const [error, setError] = useState('');
  // Only the last click's answer is shown: an earlier one may arrive after it.
  const clicks = useRef(0);
  const pick = (next: boolean) => {
    if (next === away) return;
    const n = ++clicks.current;
    setError('');
    onChange(next);
    setPresence(next).then(
      (res) => { if (n === clicks.current) onChange(res.away); },
      (err: unknown) => {
        if (n !== clicks.current) return;
        onChange(!next);
        setError(err instanceof ApiError ? err.message : 'Erreur inattendue.');
      },
    );
  };
  return (
    <div className="lc-presence">
      <fieldset className="segmented">
        <legend>Mon statut</legend>
        <div className="segmented-options">
          {([[false, 'Disponible'], [true, 'Absent']] as const).map(([value, label]) => (
            <label key={label} className={away === value ? 'segmented-on' : undefined}>
              <input type="radio" name={`${id}-statut`} checked={away === value} onChange={() => pick(value)} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {error ? <p className="field-error" role="alert">{error}</p> : null}
    </div>
  );
}
