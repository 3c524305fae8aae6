import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { companyName, companyPhone, telHref } from '../lib/brand';
import { useSession } from '../lib/session';
import { island } from '../lib/island';
import { ThemeToggle } from './theme-toggle';
import { BrandMark } from './brand-mark';

const AccountMenu = island(() => import('./account-menu').then((m) => m.AccountMenu));

/** The links of the navigation bar, in the order of SPEC.md §2. */
export const navLinks = [
  { to: '/', label: 'Accueil' },
  { to: '/services', label: 'Services' },
  { to: '/insurance', label: 'Assurances' },
  { to: '/blog', label: 'Blog' },
  { to: '/news', label: 'Actualités' },
  { to: '/careers', label: 'Carrières' },
  { to: '/about', label: 'À propos' },
  { to: '/contact', label: 'Contact' },
] as const;

/** The top navigation bar of SPEC.md §2. */
export function Navbar() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const session = useSession();

  // Any navigation closes the mobile menu, including back and forward.
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header className="navbar">
      <nav className="navbar-inner container" aria-label="Navigation principale">
        <Link to="/" className="brand" viewTransition onClick={close}>
          <BrandMark />
          <span>{companyName}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle needs-js"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Fermer le menu' : 'Ouvrir le menu'}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="menu-icon" aria-hidden="true" />
        </button>
        <div id={menuId} className={open ? 'menu menu-open' : 'menu'}>
          <ul className="nav-links">
            {navLinks.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === '/'} viewTransition onClick={close}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="nav-actions">
            <a className="btn btn-call" href={telHref}>
              <span aria-hidden="true">☎</span> Appelez-nous<span className="visually-hidden"> au {companyPhone}</span>
            </a>
            {session?.user ? <AccountMenu user={session.user} onNavigate={close} /> : null}
            {session && !session.user ? (
              <>
                <NavLink to="/login" className="btn btn-secondary" viewTransition onClick={close}>
                  Connexion
                </NavLink>
                <NavLink to="/register" className="btn btn-primary" viewTransition onClick={close}>
                  Inscription
                </NavLink>
              </>
            ) : null}
            <ThemeToggle />
          </div>
        </div>
      </nav>
    </header>
  );
}
