import { Link } from 'react-router-dom';
import { ConfirmEmailNotice } from '../features/account/confirm-email-notice';
import { StaffSecondFactorGate } from '../features/account/staff-gate';
import { company, telHref } from '../lib/company';
import { shownName } from '../lib/names';
import { useSession, type SessionUser } from '../lib/session';
import { ContractCountsPanel } from '../features/desk-contracts/contract-counts';
import { ContractsTile } from '../features/desk-contracts/contracts-tile';
import { ClaimCountsPanel } from '../features/desk/claim-counts';
import { DeskCountsPanel } from '../features/desk/desk-counts';
import { MyRequests } from '../features/desk/my-requests';
import { QueueSection } from '../features/desk/queue';
import { ConversationsTile } from '../features/livechat/conversations-tile';
import '../features/desk/desk.css';

const roleLabels = { admin: 'administrateur', agent: 'conseiller', client: 'client' } as const;

/** The staff's dashboard: the admin's counts, the chat and the contracts, then the queue (the other desks are in the staff's navigation). */
function StaffDashboard({ user }: { user: SessionUser }) {
  return (
    <div className="container desk-dashboard">
      {user.role === 'admin' ? (
        <>
          <DeskCountsPanel />
          <ClaimCountsPanel />
          <ContractCountsPanel />
        </>
      ) : null}
      <div className="desk-tiles">
        <ConversationsTile />
        <ContractsTile />
      </div>
      <QueueSection me={user.uid} />
    </div>
  );
}

/** The signed-in user's dashboard: a client's requests and links, or the staff's queue. */
export default function DashboardPage() {
  const user = useSession()?.user;
  if (!user) return null;
  const name = shownName(user.displayName, user.email);
  const staff = user.role !== 'client';
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>Tableau de bord</h1>
          <p>Bonjour {name}, bienvenue dans votre espace {roleLabels[user.role]}.</p>
          <ConfirmEmailNotice user={user} />
        </div>
      </header>
      {staff ? user.twoFactor ? <StaffDashboard user={user} /> : <StaffSecondFactorGate /> : <ClientDashboard />}
    </>
  );
}

/** A client's dashboard: their requests, then what they can do now. */
function ClientDashboard() {
  return (
    <>
      <MyRequests />
      <section className="section container" aria-label="Raccourcis">
        <div className="grid">
          <article className="card">
            <h2>Mon profil</h2>
            <p>Modifiez votre nom et votre adresse e-mail, changez votre mot de passe, téléchargez ou supprimez vos données.</p>
            <Link className="card-link" to="/profile" viewTransition>Gérer mon profil</Link>
          </article>
          <article className="card">
            <h2>Mes devis</h2>
            <p>Suivez vos demandes de devis et leur état, ou faites une nouvelle demande, gratuite et sans engagement.</p>
            <Link className="card-link" to="/my-quotes" viewTransition>Voir mes devis</Link>{' '}
            · <Link className="card-link" to="/quote-request" viewTransition>Demander un devis</Link>
          </article>
          <article className="card">
            <h2>Mes contrats</h2>
            <p>Vos contrats souscrits en ligne&nbsp;: documents, justificatifs, prélèvements, rétractation et résiliation.</p>
            <Link className="card-link" to="/mes-contrats" viewTransition>Voir mes contrats</Link>
          </article>
          <article className="card">
            <h2>Mes sinistres</h2>
            <p>Déclarez un sinistre en ligne avec vos photos, puis suivez votre dossier jusqu’à l’indemnisation.</p>
            <Link className="card-link" to="/sinistres/declarer" viewTransition>Déclarer un sinistre</Link>{' '}
            · <Link className="card-link" to="/mes-sinistres" viewTransition>Voir mes sinistres</Link>
          </article>
          <article className="card">
            <h2>Nos assurances</h2>
            <p>Auto, habitation, santé, vie, pro, VTC, flotte et temporaire : comparez les garanties de chaque produit.</p>
            <Link className="card-link" to="/insurance" viewTransition>Voir les assurances</Link>
          </article>
          <article className="card">
            <h2>Parler à un conseiller</h2>
            <p>
              Nos conseillers vous répondent au <a href={telHref}>{company.phone}</a> du lundi au vendredi ({company.hours.weekdays}) et le samedi ({company.hours.saturday}).
            </p>
            <Link className="card-link" to="/contact" viewTransition>Tous nos contacts</Link>
          </article>
        </div>
      </section>
    </>
  );
}
