import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../lib/api';
import { roleLabels, setUserRole, setUserStatus, fetchUsers, type ListedUser } from '../features/admin/users';
import { elide, formatDate } from '../lib/format';
import { shownName } from '../lib/names';
import { CreateAccount } from '../features/desk/create-account';
import { relativeTime, shortDateTime } from '../features/desk/dates';
import { StaffOnly } from '../features/desk/staff-only';
import { useAction } from '../features/desk/use-action';
import '../features/desk/desk.css';

/** A change waiting for the admin's confirmation. */
interface Pending {
  user: ListedUser;
  role?: ListedUser['role'];
  status?: ListedUser['status'];
}

function nameOf(u: ListedUser): string {
  return shownName(u.displayName, u.email);
}

/** The question a pending change asks, in full. */
function question(p: Pending): string {
  if (p.role) {
    return `Donner le rôle «\u00a0${roleLabels[p.role]}\u00a0» à ${nameOf(p.user)} (aujourd’hui\u00a0: ${roleLabels[p.user.role].toLowerCase()})\u00a0? Ses sessions ouvertes seront fermées.`;
  }
  return p.status === 'disabled'
    ? `Désactiver le compte ${elide('de', nameOf(p.user))}\u00a0? Il ne pourra plus se connecter et ses sessions seront fermées.`
    : `Réactiver le compte ${elide('de', nameOf(p.user))}\u00a0? Il pourra de nouveau se connecter.`;
}

/** The confirmation of a change: the question, then « Confirmer » (focused) or « Annuler ». */
function Confirm({ pending, busy, onConfirm, onCancel }: { pending: Pending; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), [pending]);
  return (
    <div className="confirm" role="group" aria-labelledby="confirm-question">
      <p id="confirm-question">{question(pending)}</p>
      <div className="confirm-actions">
        <button ref={ref} className="btn btn-primary" type="button" disabled={busy} onClick={onConfirm}>Confirmer</button>
        <button className="btn btn-secondary" type="button" disabled={busy} onClick={onCancel}>Annuler</button>
      </div>
    </div>
  );
}

function UserRow({ u, me, onPick }: { u: ListedUser; me: string; onPick: (p: Pending) => void }) {
  const self = u.uid === me;
  const verb = u.status === 'active' ? 'Désactiver' : 'Réactiver';
  return (
    <tr>
      <td data-label="Compte">
        <span className="queue-name">{nameOf(u)}{self ? ' (vous)' : ''}</span>
        {nameOf(u) === u.email ? null : <span className="muted user-email">{u.email}</span>}
      </td>
      <td data-label="Rôle">
        <label className="visually-hidden" htmlFor={`role-${u.uid}`}>{`Rôle ${elide('de', nameOf(u))}`}</label>
        <select id={`role-${u.uid}`} value={u.role} disabled={self}
          onChange={(e) => onPick({ user: u, role: e.target.value as ListedUser['role'] })}>
          {Object.entries(roleLabels).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </td>
      <td data-label="État">
        <span className={u.status === 'active' ? 'user-active' : 'user-disabled'}>{u.status === 'active' ? 'Actif' : 'Désactivé'}</span>
        {self ? null : (
          <button className="btn btn-secondary btn-small" type="button" aria-label={`${verb} ${nameOf(u)}`}
            onClick={() => onPick({ user: u, status: u.status === 'active' ? 'disabled' : 'active' })}>
            {verb}
          </button>
        )}
      </td>
      <td data-label="Créé le"><time dateTime={u.createdAt}>{formatDate(u.createdAt)}</time></td>
      <td data-label="Dernière activité">
        {u.lastSeenAt ? <time dateTime={u.lastSeenAt} title={shortDateTime(u.lastSeenAt)}>{relativeTime(u.lastSeenAt)}</time> : <span className="muted">—</span>}
      </td>
    </tr>
  );
}

/** How many accounts the list shows, said once the search has answered. */
function countLine(n: number, q: string): string {
  if (!q) return n === 1 ? '1\u00a0compte.' : `${n}\u00a0comptes.`;
  if (n === 0) return `Aucun compte ne correspond à «\u00a0${q}\u00a0».`;
  return n === 1 ? `1\u00a0compte correspond à «\u00a0${q}\u00a0».` : `${n}\u00a0comptes correspondent à «\u00a0${q}\u00a0».`;
}

function UsersList({ me }: { me: string }) {
  const [users, setUsers] = useState<ListedUser[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState('');
  const [query, setQuery] = useState('');
  // The query the list answers: typed text waits a moment, so each key is not a request.
  const [asked, setAsked] = useState('');
  const [reloads, setReloads] = useState(0);
  const load = useCallback(() => setReloads((n) => n + 1), []);
  useEffect(() => {
    const t = setTimeout(() => setAsked(query.trim()), 250);
    return () => clearTimeout(t);
  }, [query]);
  useEffect(() => {
    const ctl = new AbortController();
    fetchUsers(asked, ctl.signal).then(
      (list) => { setUsers(list); setLoadError(''); },
      (err: unknown) => { if (!ctl.signal.aborted) setLoadError(err instanceof ApiError ? err.message : 'Erreur inattendue.'); },
    );
    return () => ctl.abort();
  }, [asked, reloads]);
  const [action, run] = useAction(load);
  const confirm = async (p: Pending) => {
    const ok = await run(() => (p.role ? setUserRole(p.user.uid, p.role) : setUserStatus(p.user.uid, p.status ?? 'active')));
    if (ok) {
      // The row shows the change at once; the reload that follows confirms it.
      setUsers((list) => list && list.map((x) => (x.uid === p.user.uid ? { ...x, role: p.role ?? x.role, status: p.status ?? x.status } : x)));
      setDone(p.role ? `${nameOf(p.user)} est maintenant ${roleLabels[p.role].toLowerCase()}.` : `Le compte ${elide('de', nameOf(p.user))} est ${p.status === 'disabled' ? 'désactivé' : 'réactivé'}.`);
      setPending(null);
    }
  };
  return (
    <>
      <CreateAccount onCreated={load} />
      <form className="users-search" role="search" aria-label="Comptes" onSubmit={(e) => { e.preventDefault(); setAsked(query.trim()); }}>
        <label htmlFor="users-q">Rechercher un compte</label>
        <div className="users-search-row">
          <input id="users-q" type="search" value={query} maxLength={100} autoComplete="off" aria-describedby="users-q-aide"
            onChange={(e) => setQuery(e.target.value)} />
          <button className="btn btn-secondary" type="submit">Rechercher</button>
        </div>
        <p id="users-q-aide" className="field-hint">Une partie du nom ou de l’adresse e-mail.</p>
      </form>
      {loadError ? <p className="form-error" role="alert">La liste des comptes n’a pas pu être chargée. {loadError}</p> : null}
      <p className="muted" role="status">{users ? countLine(users.length, asked) : 'Chargement des comptes…'}</p>
      <p className="notice-line" role="status">{done}</p>
      {pending ? <Confirm pending={pending} busy={action.busy} onConfirm={() => void confirm(pending)} onCancel={() => setPending(null)} /> : null}
      {action.error ? <p className="form-error" role="alert">{action.error}</p> : null}
      {users && users.length > 0 ? (
        <div className="queue-wrap">
          <table className="queue-table users-table">
            <caption className="visually-hidden">Comptes du site, du plus ancien au plus récent</caption>
            <thead><tr><th scope="col">Compte</th><th scope="col">Rôle</th><th scope="col">État</th><th scope="col">Créé le</th><th scope="col">Dernière activité</th></tr></thead>
            <tbody>
              {users.map((u) => <UserRow key={u.uid} u={pending?.user.uid === u.uid && pending.role ? { ...u, role: pending.role } : u} me={me}
                onPick={(p) => { setDone(''); setPending(p.role === u.role ? null : { ...p, user: u }); }} />)}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

/** /dashboard/users: the accounts, their roles and their state, for admins. */
export default function AdminUsersPage() {
  return (
    <StaffOnly roles={['admin']}>
      {(user) => (
        <>
          <header className="page-header desk-header">
            <div className="container">
              <p className="back-link"><Link to="/dashboard" viewTransition>← Tableau de bord</Link></p>
              <h1>Utilisateurs</h1>
              <p>Les comptes, leurs rôles et leur état. Un changement de rôle ou d’état ferme les sessions du compte concerné.</p>
            </div>
          </header>
          <section className="section container">
            <UsersList me={user.uid} />
          </section>
        </>
      )}
    </StaffOnly>
  );
}
