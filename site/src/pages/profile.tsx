import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { AccountSessions } from '../features/account/account-sessions';
import { PasswordField } from '../components/password-field';
import { TextField } from '../components/text-field';
import { TwoFactorCard } from '../features/account/two-factor-card';
import { changePassword, deleteAccount, exportUrl, keptAfterDeletion, updateProfile } from '../features/account/profile-api';
import { ApiError } from '../lib/api';
import { formatDateTime, typeset } from '../lib/format';
import { setSessionUser, useSession, type SessionUser } from '../lib/session';
import './profile.css';

const roleLabels = { admin: 'Administrateur', agent: 'Conseiller', client: 'Client' } as const;

type Errors = Record<string, string | undefined>;

/** Shows the error of a failed call next to its field, or above the form. */
function errorsOf(err: unknown, fields: string[]): Errors {
  if (err instanceof ApiError && err.field && fields.includes(err.field)) return { [err.field]: err.message };
  return { form: err instanceof ApiError ? err.message : 'La demande a échoué. Réessayez.' };
}

/** Called after a change that ended the account's other sessions and renewed this one. */
type OnSessionsChanged = () => void;

function IdentityForm({ user, onSessionsChanged }: { user: SessionUser; onSessionsChanged: OnSessionsChanged }) {
  const [email, setEmail] = useState(user.email);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState('');
  const emailChanged = email.trim().toLowerCase() !== user.email;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body: Parameters<typeof updateProfile>[0] = { displayName: String(form.get('displayName') ?? '').trim() };
    if (emailChanged) {
      body.email = email.trim();
      body.currentPassword = String(form.get('currentPassword') ?? '');
    }
    setDone('');
    try {
      const res = await updateProfile(body);
      setErrors({});
      setEmail(res.user.email);
      setSessionUser(res.user);
      if (emailChanged) {
        setDone('Vos informations ont été enregistrées. Vos autres sessions ont été déconnectées.');
        onSessionsChanged();
      } else {
        setDone('Vos informations ont été enregistrées.');
      }
    } catch (err) {
      setErrors(errorsOf(err, ['displayName', 'email', 'currentPassword']));
    }
  }

  return (
    <form className="card profile-card" onSubmit={onSubmit} noValidate aria-labelledby="identite">
      <h2 id="identite">Mes informations</h2>
      {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
      <TextField label="Nom affiché" name="displayName" defaultValue={user.displayName} autoComplete="name" maxLength={100} error={errors.displayName} />
      <TextField label="Adresse e-mail" name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" error={errors.email} />
      {emailChanged ? (
        <PasswordField label="Mot de passe actuel" name="currentPassword" autoComplete="current-password" hint="Nécessaire pour changer d’adresse e-mail." error={errors.currentPassword} />
      ) : null}
      <button className="btn btn-primary" type="submit">Enregistrer</button>
      <p className="form-success" role="status">{done}</p>
    </form>
  );
}

function PasswordForm({ onSessionsChanged }: { onSessionsChanged: OnSessionsChanged }) {
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState('');

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const currentPassword = String(form.get('currentPassword') ?? '');
    const newPassword = String(form.get('newPassword') ?? '');
    setDone('');
    if (newPassword !== String(form.get('confirm') ?? '')) {
      setErrors({ confirm: 'Les mots de passe ne correspondent pas.' });
      return;
    }
    try {
      await changePassword(currentPassword, newPassword);
      setErrors({});
      formEl.reset();
      setDone('Mot de passe changé. Vos autres sessions ont été déconnectées.');
      onSessionsChanged();
    } catch (err) {
      setErrors(errorsOf(err, ['currentPassword', 'newPassword']));
    }
  }

  return (
    <form className="card profile-card" onSubmit={onSubmit} noValidate aria-labelledby="mot-de-passe">
      <h2 id="mot-de-passe">Mot de passe</h2>
      {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
      <PasswordField label="Mot de passe actuel" name="currentPassword" autoComplete="current-password" error={errors.currentPassword} />
      <PasswordField label="Nouveau mot de passe" name="newPassword" autoComplete="new-password" hint="12&nbsp;caractères au moins." error={errors.newPassword} />
      <PasswordField label="Confirmez le nouveau mot de passe" name="confirm" autoComplete="new-password" error={errors.confirm} />
      <button className="btn btn-primary" type="submit">Changer le mot de passe</button>
      <p className="form-success" role="status">{done}</p>
    </form>
  );
}

function DeleteAccount() {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>({});
  // What the law keeps, read before the deletion is confirmed; undefined until asked.
  const [kept, setKept] = useState<string[]>();
  const confirmHeading = useRef<HTMLHeadingElement>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    if (!kept) {
      if (!password) {
        setErrors({ password: 'Saisissez votre mot de passe pour confirmer la suppression.' });
        return;
      }
      try {
        setKept(await keptAfterDeletion());
        setErrors({});
        window.setTimeout(() => confirmHeading.current?.focus(), 0);
      } catch (err) {
        setErrors(errorsOf(err, []));
      }
      return;
    }
    try {
      await deleteAccount(password);
      setSessionUser(null);
      navigate('/', { replace: true });
    } catch (err) {
      setErrors(errorsOf(err, ['password']));
    }
  }

  return (
    <form className="card profile-card danger-zone" onSubmit={onSubmit} noValidate aria-labelledby="suppression">
      <h2 id="suppression">Supprimer mon compte</h2>
      <p>
        La suppression est immédiate et définitive&nbsp;: votre profil, votre mot de passe et toutes vos sessions sont effacés, et vous
        êtes déconnecté de tous vos appareils. Vos demandes de devis et vos conversations liées au compte sont supprimées avec lui,
        sauf ce que la loi nous oblige à conserver pour un contrat souscrit ou un sinistre (voir la politique de confidentialité).
      </p>
      {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
      <PasswordField label="Mot de passe" name="password" autoComplete="current-password" error={errors.password} />
      {kept ? (
        <div className="notice delete-kept">
          <h3 ref={confirmHeading} tabIndex={-1}>Avant de confirmer</h3>
          {kept.length > 0 ? (
            <>
              <p>{typeset('Ce qui reste conservé, détaché de votre compte :')}</p>
              <ul>{kept.map((k) => <li key={k}>{typeset(k)}</li>)}</ul>
            </>
          ) : (
            <p>{typeset('Rien n’est conservé : toutes vos données partent avec le compte.')}</p>
          )}
          <p>{typeset('L’e-mail qui confirme la suppression vous le redira.')}</p>
        </div>
      ) : null}
      <div className="delete-actions">
        <button className="btn btn-danger" type="submit">{kept ? 'Confirmer la suppression' : 'Supprimer définitivement mon compte'}</button>
        {kept ? <button className="btn btn-secondary" type="button" onClick={() => setKept(undefined)}>Annuler</button> : null}
      </div>
    </form>
  );
}

/** The signed-in user's profile: identity, password, account facts, data download and deletion. */
export default function ProfilePage() {
  const user = useSession()?.user;
  // Bumped when a change ends the other sessions, so "Mes sessions" reloads.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const sessionsChanged = () => setSessionsVersion((v) => v + 1);
  if (!user) return null;
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>Mon profil</h1>
          <p>Vos informations personnelles et la gestion de votre compte.</p>
        </div>
      </header>
      <section className="section container profile-grid">
        <IdentityForm user={user} onSessionsChanged={sessionsChanged} />
        <section className="card profile-card" aria-labelledby="compte">
          <h2 id="compte">Mon compte</h2>
          <dl className="profile-facts">
            <dt>Rôle</dt>
            <dd>{roleLabels[user.role]}</dd>
            <dt>Créé le</dt>
            <dd>{formatDateTime(user.createdAt)}</dd>
            <dt>Modifié le</dt>
            <dd>{formatDateTime(user.updatedAt)}</dd>
          </dl>
          <h3>Mes données</h3>
          <p>Téléchargez tout ce que nous conservons sur vous, au format JSON (droit à la portabilité).</p>
          <a className="btn btn-secondary" href={exportUrl} download="mes-donnees.json">Télécharger mes données</a>
        </section>
        <PasswordForm onSessionsChanged={sessionsChanged} />
        <TwoFactorCard />
        <AccountSessions reloadKey={sessionsVersion} />
        <DeleteAccount />
      </section>
    </>
  );
}
