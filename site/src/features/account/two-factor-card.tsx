import { useEffect, useState, type FormEvent } from 'react';
import { PasswordField } from '../../components/password-field';
import { ApiError } from '../../lib/api';
import { refreshSession } from '../../lib/session';
import { disableTwoFactor, newRecoveryCodes, twoFactorStatus, type TwoFactorStatus } from './two-factor-api';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorSetupForm } from './two-factor-setup';

type Action = 'codes' | 'disable';

/** The profile's « Validation en deux étapes »: its state, set-up, new recovery codes, and turning it off for a client. */
export function TwoFactorCard() {
  const [status, setStatus] = useState<TwoFactorStatus>();
  const [failed, setFailed] = useState('');
  const [codes, setCodes] = useState<string[]>();
  const [action, setAction] = useState<Action>();
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const load = () =>
    twoFactorStatus()
      .then((s) => {
        setStatus(s);
        setFailed('');
      })
      .catch((err: unknown) => setFailed(err instanceof ApiError ? err.message : 'Le chargement a échoué.'));
  useEffect(() => {
    void load();
  }, []);

  async function onConfirm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    if (!password) {
      setError('Saisissez votre mot de passe pour confirmer.');
      return;
    }
    try {
      if (action === 'codes') {
        setCodes((await newRecoveryCodes(password)).recoveryCodes);
      } else {
        await disableTwoFactor(password);
        setDone('La validation en deux étapes est retirée\u00a0: le mot de passe suffit de nouveau pour vous connecter.');
        await refreshSession();
      }
      setAction(undefined);
      setError('');
      await load();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'La demande a échoué. Réessayez.');
    }
  }

  async function setUpDone() {
    await refreshSession();
    setDone('La validation en deux étapes est activée.');
    await load();
  }

  return (
    <section className="card profile-card" aria-labelledby="deux-etapes">
      <h2 id="deux-etapes">Validation en deux étapes</h2>
      {failed ? <p className="form-error" role="alert">{failed}</p> : null}
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} /> : null}
      {status && !codes ? (
        status.enabled ? (
          <>
            <p>
              Activée&nbsp;: chaque connexion demande, après le mot de passe, le code de votre application d’authentification.{' '}
              {status.recoveryCodesLeft === 0
                ? 'Il ne vous reste aucun code de secours\u00a0: créez-en de nouveaux.'
                : `Il vous reste ${status.recoveryCodesLeft}\u00a0code${status.recoveryCodesLeft > 1 ? 's' : ''} de secours.`}
            </p>
            {status.required ? <p className="muted">Elle est obligatoire pour les comptes du cabinet.</p> : null}
            {action ? (
              <form onSubmit={onConfirm} noValidate>
                <PasswordField label="Mot de passe" name="password" autoComplete="current-password" error={error} />
                <button className={`btn ${action === 'disable' ? 'btn-danger' : 'btn-primary'}`} type="submit">
                  {action === 'disable' ? 'Retirer la validation en deux étapes' : 'Créer 10\u00a0nouveaux codes'}
                </button>{' '}
                <button className="btn btn-secondary" type="button" onClick={() => setAction(undefined)}>Annuler</button>
              </form>
            ) : (
              <p className="recovery-actions">
                <button className="btn btn-secondary" type="button" onClick={() => setAction('codes')}>Nouveaux codes de secours</button>
                {status.required ? null : (
                  <button className="btn btn-secondary" type="button" onClick={() => setAction('disable')}>Désactiver</button>
                )}
              </p>
            )}
          </>
        ) : (
          <>
            <p>
              Protégez votre compte&nbsp;: en plus du mot de passe, chaque connexion demandera un code à 6&nbsp;chiffres de votre application
              d’authentification.
            </p>
            <TwoFactorSetupForm onDone={setUpDone} />
          </>
        )
      ) : null}
      <p className="form-success" role="status">{done}</p>
    </section>
  );
}
