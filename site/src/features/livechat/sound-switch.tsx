import { useId } from 'react';

/** « Alerte sonore »: a switch, off until the agent turns it on. */
export function SoundSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="lc-switch">
      <input id={id} type="checkbox" role="switch" checked={on} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>Alerte sonore</label>
    </div>
  );
}
