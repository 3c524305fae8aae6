import { Link } from 'react-router-dom';
import type { CallToAction } from '../lib/text-types';
import './page-parts.css';

/** A call to action in a coloured band, usually towards the free quote request. */
export function QuoteCta({ cta }: { cta: CallToAction }) {
  return (
    <section className="section quote-cta-section" aria-labelledby="quote-cta-title">
      <div className="container">
        <div className="cta quote-cta">
          <h2 id="quote-cta-title">{cta.title}</h2>
          <p>{cta.text}</p>
          <Link className="btn btn-primary" to={cta.link.to} viewTransition>{cta.link.label}</Link>
          {cta.link.to.startsWith('/quote-request') ? (
            <p className="quote-cta-note">
              La demande se fait depuis votre espace client&nbsp;: <Link to="/login" viewTransition>connectez-vous</Link> ou <Link to="/register" viewTransition>créez un compte gratuit</Link>.
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
