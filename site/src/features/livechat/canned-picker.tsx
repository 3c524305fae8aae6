import type { Canned } from './types';

/**
 * « Réponse type »: choosing one puts its text in the composer, where the
 * agent can still change it before sending.
 */
export function CannedPicker({ id, canned, onPick }: { id: string; canned: Canned[]; onPick: (text: string) => void }) {
  if (canned.length === 0) return null;
  return (
    <div className="lc-canned">
      <label htmlFor={id}>Réponse type</label>
      <select id={id} value="" onChange={(e) => {
        const c = canned.find((x) => String(x.id) === e.target.value);
        if (c) onPick(c.text);
      }}>
        <option value="">Choisir une réponse type…</option>
        {canned.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
      </select>
    </div>
  );
}
