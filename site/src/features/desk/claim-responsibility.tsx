import { useEffect, useId, useState, type FormEvent } from 'react';
import { Field } from '../../components/field';
import { responsibilityChoices, setClaimResponsibility, type Responsibility, type StaffClaim } from './claim-api';
import { useAction } from './use-action';

/**
 * The responsibility the insurer retained for a vehicle's claim on one of
 * the house's contracts: it moves the contract's bonus-malus at its next
 * renewal (unknown, the coefficient is kept that year). A plain select, so
 * the keyboard and a narrow screen work as for any field.
 */
export function ClaimResponsibility({ claim, onChange }: { claim: StaffClaim; onChange: () => void }) {
  const id = useId();
  const [value, setValue] = useState<Responsibility>(claim.responsibility ?? '');
  const [done, setDone] = useState('');
  const [action, run] = useAction(onChange);
  useEffect(() => setValue(claim.responsibility ?? ''), [claim.responsibility]);
  if (!claim.bonusMalus) return null;
  const current = responsibilityChoices.find((c) => c.value === (claim.responsibility ?? ''))?.label ?? 'Pas encore connue';

  async function send(e: FormEvent) {
    e.preventDefault();
    setDone('');
    const label = responsibilityChoices.find((c) => c.value === value)?.label ?? '';
    if (await run(() => setClaimResponsibility(claim.id, value))) {
      setDone(`Responsabilité enregistrée\u00a0: ${label.toLowerCase()}.`);
    }
  }

  return (
    <section className="desk-block claim-block" aria-labelledby={`${id}-titre`}>
      <h2 id={`${id}-titre`}>Bonus-malus</h2>
      {claim.canWork ? (
        <form className="claim-form" onSubmit={(e) => void send(e)} noValidate aria-labelledby={`${id}-titre`}>
          <Field id={`${id}-responsabilite`} label="Responsabilité retenue par l’assureur"
            hint="Elle fait évoluer le bonus-malus du contrat à sa prochaine échéance ; tant qu’elle n’est pas connue, le coefficient est maintenu."
            error={action.error || undefined}>
            {(ids) => (
              <select {...ids} className="input-medium" value={value} onChange={(e) => { setValue(e.target.value as Responsibility); setDone(''); }}>
                {responsibilityChoices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
              </select>
            )}
          </Field>
          <button className="btn btn-secondary" type="submit" disabled={action.busy || value === (claim.responsibility ?? '')}>
            {action.busy ? 'Enregistrement…' : 'Enregistrer la responsabilité'}
          </button>
          {done ? <p className="claim-done" role="status">{done}</p> : null}
        </form>
      ) : <p>Responsabilité retenue par l’assureur&nbsp;: {current.toLowerCase()}.</p>}
    </section>
  );
}
