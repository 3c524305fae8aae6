import { Link } from 'react-router-dom';
import { company, fullAddress, mailHref, telHref } from '../lib/company';
import { typeset } from '../lib/format';

const productIds = ['car', 'home', 'health', 'life', 'fleet', 'vtc'];
const productLinks = productIds.flatMap((id) => company.services.filter((s) => s.id === id));

const companyLinks = [
  { to: '/about', label: 'À propos' },
  { to: '/contact', label: 'Contact' },
  { to: '/blog', label: 'Blog' },
  { to: '/news', label: 'Actualités' },
  { to: '/careers', label: 'Carrières' },
  { to: '/quote-request', label: 'Devis gratuit' },
];

const legalLinks = [
  { to: '/privacy', label: 'Confidentialité' },
  { to: '/terms', label: 'Conditions d’utilisation' },
  { to: '/mentions-legales', label: 'Mentions légales' },
  { to: '/reclamations', label: 'Réclamations' },
  { to: '/accessibilite', label: 'Accessibilité\u00a0: partiellement conforme' },
  // Décret 2023-182: the cancellation function, reachable from every page.
  { to: '/resilier', label: 'Résilier votre contrat' },
];

const socialLinks = [
  { href: company.socialMedia.facebook, label: 'Facebook' },
  { href: company.socialMedia.linkedin, label: 'LinkedIn' },
  { href: company.socialMedia.instagram, label: 'Instagram' },
];

/** The footer of SPEC.md §2, with the company details of the profile. */
export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer-title">{company.name}</h2>
          <p>{company.description}</p>
          <address>
            <a href={telHref}>{company.phone}</a>
            <br />
            <a href={mailHref}>{company.email}</a>
            <br />
            {fullAddress}
          </address>
          <p className="footer-ids">
            <span className="nowrap">SIRET {company.siret}</span> · <span className="nowrap">{company.license}</span>
          </p>
        </section>
        <nav aria-labelledby="footer-products">
          <h2 id="footer-products" className="footer-title">Assurances</h2>
          <ul>
            {productLinks.map((s) => (
              <li key={s.id}><Link to={s.path} viewTransition>{s.title}</Link></li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-title">Entreprise</h2>
          <ul>
            {companyLinks.map((l) => (
              <li key={l.to}><Link to={l.to} viewTransition>{l.label}</Link></li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="footer-title">Informations</h2>
          <ul>
            {legalLinks.map((l) => (
              <li key={l.to}><Link to={l.to} viewTransition>{l.label}</Link></li>
            ))}
          </ul>
          <h2 className="footer-title">Suivez-nous</h2>
          <ul className="social-links">
            {socialLinks.map((s) => (
              <li key={s.label}>
                <a href={s.href} rel="noopener noreferrer" target="_blank">
                  {s.label}<span className="visually-hidden"> (nouvel onglet)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>{typeset(`© ${company.founded} ${company.fullName}. Tous droits réservés. Version ${company.version}.`)}</p>
      </div>
    </footer>
  );
}
