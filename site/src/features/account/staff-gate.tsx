import { refreshSession } from '../../lib/session';
import { TwoFactorSetupForm } from './two-factor-setup';

/** What staff see instead of the dashboard until their second factor is set up. */
export function StaffSecondFactorGate() {
  return (
    <section className="section container">
      <div className="card form-card">
        <h2>Sécurisez votre compte</h2>
        <p>
          Votre compte donne accès aux données des clients du cabinet&nbsp;: avant d’ouvrir l’espace de travail, activez la validation
          en deux étapes. Chaque connexion demandera ensuite, après le mot de passe, un code à 6&nbsp;chiffres de votre application
          d’authentification.
        </p>
        <TwoFactorSetupForm onDone={() => void refreshSession()} />
      </div>
    </section>
  );
}
