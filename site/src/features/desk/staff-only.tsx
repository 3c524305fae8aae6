import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSession, type SessionUser } from '../../lib/session';

/**
 * Shows children to the roles given, and « Accès réservé » to anyone
 * else: the page a client reaches by typing a staff address. The server
 * refuses the data all the same (403).
 */
export function StaffOnly({ roles = ['agent', 'admin'], children }: { roles?: SessionUser['role'][]; children: (user: SessionUser) => ReactNode }) {
  const user = useSession()?.user;
  if (!user) return null;
  if (roles.includes(user.role)) return <>{children(user)}</>;
  const who = roles.includes('agent') ? 'aux conseillers et aux administrateurs' : 'aux administrateurs';
  return (
    <section className="container error-screen">
      <h1>Accès réservé</h1>
      <p>Cette page est réservée {who} du cabinet.</p>
      <p><Link className="btn btn-primary" to="/dashboard" viewTransition>Retour au tableau de bord</Link></p>
    </section>
  );
}
