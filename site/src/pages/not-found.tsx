import { Link } from 'react-router-dom';

const suggestions = [
  { to: '/', label: 'La page d’accueil' },
  { to: '/insurance', label: 'Toutes nos assurances' },
  { to: '/services', label: 'Nos services' },
  { to: '/contact', label: 'Nous contacter' },
];

/** The not-found page; the server answers it with HTTP 404. */
export default function NotFoundPage() {
  return (
    <section className="container error-screen">
      <h1>Page introuvable</h1>
      <p className="lead">La page que vous cherchez n’existe pas ou a été déplacée. Vérifiez l’adresse, ou repartez de l’une de ces pages&nbsp;:</p>
      <ul>
        {suggestions.map((s) => (
          <li key={s.to}>
            <Link to={s.to} viewTransition>{s.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
