import type { Emergency } from './claim-form';

/** A phone number as a tel: link target: digits and a leading +. */
export function telOf(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The emergency numbers, shown before anything else as soon as someone
 * is hurt, a fire broke out or water still runs; then the tap at the
 * meter, and the insurer's assistance line when the contract gives it
 * (else where to find it: for a vehicle, on the Mémo Véhicule Assuré).
 */
export function EmergencyBanner({ emergency, assistance, vehicle }: { emergency: Emergency; assistance?: { insurer: string; phone: string }; vehicle: boolean }) {
  return (
    <section className="claim-emergency" role="alert" aria-labelledby="urgence-titre">
      <h2 id="urgence-titre">Urgence&nbsp;: appelez le <a href="tel:15">15</a> (SAMU), le <a href="tel:18">18</a> (pompiers) ou le <a href="tel:112">112</a></h2>
      <ul>
        {emergency.water ? <li>Coupez l’arrivée d’eau au compteur, puis l’électricité des pièces touchées.</li> : null}
        {emergency.fire ? <li>Quittez les lieux et n’y retournez pas avant l’accord des pompiers.</li> : null}
        {assistance ? (
          <li>
            Assistance de {assistance.insurer}, 24&nbsp;h/24&nbsp;: <a href={telOf(assistance.phone)}>{assistance.phone}</a>
          </li>
        ) : (
          <li>{vehicle ? 'Le numéro d’assistance figure sur votre carte verte / Mémo Véhicule Assuré ou votre contrat.' : 'Le numéro d’assistance figure sur votre contrat ou votre attestation d’assurance.'}</li>
        )}
        <li>Une fois chacun en sécurité, terminez votre déclaration&nbsp;: elle peut attendre quelques heures.</li>
      </ul>
    </section>
  );
}
