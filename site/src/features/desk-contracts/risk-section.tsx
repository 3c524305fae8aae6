import { typeset } from '../../lib/format';
import type { Contract } from './types';

/** What the contract insures: the vehicle or the home, and every answer it was priced on. */
export function RiskSection({ contract }: { contract: Contract }) {
  const { vehicle, vehicleDescribed, lines, advice } = contract.risk;
  const recommended = advice?.offers[advice.recommended];
  const chosen = advice?.offers[advice.chosen];
  return (
    <section className="desk-block" aria-labelledby="risque-titre">
      <h2 id="risque-titre">Risque assuré</h2>
      <dl className="facts wide-facts">
        {vehicle ? (
          <div>
            <dt>Véhicule</dt>
            <dd>
              {[vehicle.make, vehicle.model, vehicle.version].filter(Boolean).join(' ')}
              {vehicleDescribed ? <> · <strong>véhicule hors catalogue</strong>, décrit par le client</> : null}
            </dd>
          </div>
        ) : null}
        {vehicle ? <div><dt>Immatriculation</dt><dd className="mono">{vehicle.registration || '—'}</dd></div> : null}
        {lines.map(([label, value]) => <div key={label}><dt>{typeset(label)}</dt><dd>{typeset(value)}</dd></div>)}
      </dl>
      {advice ? (
        <div className="advice-box">
          <h3>Devoir de conseil</h3>
          {advice.needs.length > 0 ? (
            <dl className="facts wide-facts">
              {advice.needs.map(([label, value]) => <div key={label}><dt>{typeset(label)}</dt><dd>{typeset(value)}</dd></div>)}
            </dl>
          ) : null}
          {advice.reason ? <p>{typeset(advice.reason)}</p> : null}
          {recommended && chosen ? (
            <p className="muted">
              Recommandé&nbsp;: {recommended.formula} chez {recommended.insurer}. Choisi&nbsp;: {chosen.formula} chez {chosen.insurer}
              {advice.recommended === advice.chosen ? ' (le conseil suivi).' : ' (un autre choix que le conseil).'}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
