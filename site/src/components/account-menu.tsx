import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { shownName } from '../lib/names';
import { usePendingMark } from '../lib/island';
import { signOut, type SessionUser } from '../lib/session';

const items = [
  { to: '/profile', label: 'Profil' },
  { to: '/dashboard', label: 'Tableau de bord' },
  { to: '/my-quotes', label: 'Mes devis' },
  { to: '/mes-contrats', label: 'Mes contrats', clientOnly: true },
  { to: '/mes-sinistres', label: 'Mes sinistres', clientOnly: true },
];

/** The signed-in dropdown of SPEC.md §2: keyboard-operable, closes on Escape and outside click. */
export function AccountMenu({ user, onNavigate }: { user: SessionUser; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const pending = usePendingMark();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const label = shownName(user.displayName, user.email);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    root.current?.querySelector<HTMLElement>('[role="menu"] a, [role="menu"] button')?.focus();
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  function moveFocus(e: React.KeyboardEvent<HTMLUListElement>) {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const all = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('a, button'));
    const i = all.indexOf(document.activeElement as HTMLElement);
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? all.length - 1 : (i + (e.key === 'ArrowDown' ? 1 : -1) + all.length) % all.length;
    all[next]?.focus();
  }

  async function onSignOut() {
    setOpen(false);
    onNavigate();
    await signOut();
    navigate('/', { replace: true });
  }

  return (
    <div className="account-menu" ref={root} {...pending}>
      <button ref={button} type="button" className="btn btn-secondary account-button" aria-haspopup="menu" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        <span className="account-name">{label}</span> <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <ul id={menuId} role="menu" aria-label="Mon compte" className="account-list" onKeyDown={moveFocus}>
          {items.filter((item) => !item.clientOnly || user.role === 'client').map((item) => (
            <li key={item.to} role="none">
              <Link role="menuitem" to={item.to} viewTransition onClick={() => { setOpen(false); onNavigate(); }}>
                {item.label}
              </Link>
            </li>
          ))}
          <li role="none">
            <button role="menuitem" type="button" onClick={onSignOut}>Déconnexion</button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
