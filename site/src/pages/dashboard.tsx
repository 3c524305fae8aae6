import { Link } from 'react-router-dom';
import { company, telHref } from '../lib/company';
import { useSession } from '../lib/session';

const roleLabels = { admin: 'administrateur', agent: 'conseiller', client: 'client' } as const;

/** The first version of the signed-in user's dashboard: a greeting and what they can do now. */
export default function DashboardPage() {
  const user = useSession()?.user;
  if (!user) return null;
  const name = user.displayName || user.email;
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>Tableau de bord</h1>
          <p>Bonjour {name}, bienvenue dans votre espace {roleLabels[user.role]}.</p>
        </div>
      </header>
      <section className="section container">
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
