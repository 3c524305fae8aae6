import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AccountMenu } from '../components/account-menu';
import { ThemeToggle } from '../components/theme-toggle';
import { company } from '../lib/company';
import type { SessionUser } from '../lib/session';
import { BrandMark } from '../components/brand-mark';
import './staff-frame.css';

interface StaffLink {
  to: string;
  label: string;
  /** Also current on these path prefixes (a request's page belongs to the dashboard's queue). */
  also?: string[];
  adminOnly?: boolean;
}

/** The staff's navigation, in the order of their day: the queue, then each desk. */
export const staffLinks: StaffLink[] = [
  { to: '/dashboard', label: 'Tableau de bord', also: ['/dashboard/requests/'] },
  { to: '/dashboard/contracts', label: 'Contrats' },
  { to: '/dashboard/conversations', label: 'Conversations' },
  { to: '/dashboard/canned', label: 'Réponses types' },
  { to: '/dashboard/users', label: 'Utilisateurs', adminOnly: true },
  { to: '/dashboard/mails', label: 'Courriels', adminOnly: true },
];

function current(link: StaffLink, path: string): boolean {
  if (link.to === '/dashboard') return path === '/dashboard' || (link.also ?? []).some((p) => path.startsWith(p));
  return path === link.to || path.startsWith(link.to + '/');
}

/**
 * The frame of the staff's pages: a working bar (the desks, the account,
 * the theme), the page, a one-line footer; no sales menu, no visitor's
 * chat. Until the second factor is set up, the desks are not offered:
 * every one of them would send back to /dashboard, which explains it.
 */
export function StaffFrame({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const navId = useId();
  const links = user.twoFactor ? staffLinks.filter((l) => !l.adminOnly || user.role === 'admin') : [];
  useEffect(() => setOpen(false), [pathname]);
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
    <div className="staff-frame">
      <a className="skip-link" href="#contenu">Aller au contenu</a>
      <header className="staff-bar">
        <div className="staff-bar-inner container">
          <Link to="/dashboard" className="brand staff-brand" viewTransition>
            <BrandMark small />
            <span>{company.name}</span>
            <span className="staff-badge">{user.role === 'admin' ? 'Administration' : 'Espace conseiller'}</span>
          </Link>
          <div className="staff-actions">
            {links.length > 0 ? (
              <button type="button" className="menu-toggle staff-menu-toggle" aria-expanded={open} aria-controls={navId}
                aria-label={open ? 'Fermer le menu' : 'Ouvrir le menu'} onClick={() => setOpen((o) => !o)}>
                <span className="menu-icon" aria-hidden="true" />
              </button>
            ) : null}
            <AccountMenu user={user} onNavigate={close} />
            <ThemeToggle />
          </div>
          {links.length > 0 ? (
            <nav id={navId} className={open ? 'staff-nav staff-nav-open' : 'staff-nav'} aria-label="Espace de travail">
              <ul>
                {links.map((l) => {
                  const here = current(l, pathname);
                  return (
                    <li key={l.to}>
                      <Link to={l.to} className={here ? 'active' : undefined} aria-current={here ? 'page' : undefined} viewTransition onClick={close}>
                        {l.label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          ) : null}
        </div>
      </header>
      {children}
      <footer className="staff-footer">
        <div className="container staff-footer-inner">
          <p>{company.name} · version {company.version}</p>
          <ul>
            <li><Link to="/" viewTransition>Voir le site</Link></li>
            <li><Link to="/mentions-legales" viewTransition>Mentions légales</Link></li>
            <li><Link to="/privacy" viewTransition>Confidentialité</Link></li>
            {/* Décret 2023-182: the cancellation function, reachable from every page. */}
            <li><Link to="/resilier" viewTransition>Résilier votre contrat</Link></li>
          </ul>
        </div>
      </footer>
    </div>
  );
}
