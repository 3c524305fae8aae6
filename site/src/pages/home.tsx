import { Link } from 'react-router-dom';
import { company } from '../lib/company';
import { hero, homeCta, homeSections, homeSteps } from '../content/home';
import { QuoteCta } from '../components/quote-cta';
import { Steps } from '../components/steps';
import '../components/page-parts.css';
import './home.css';

function Hero() {
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <div className="container home-hero-grid">
        <div>
          <h1 id="home-title">{hero.title}</h1>
          <p className="home-pitch">{hero.pitch}</p>
          <div className="home-actions">
            <Link className="btn btn-primary" to={hero.primary.to} viewTransition>{hero.primary.label}</Link>
            <Link className="btn btn-secondary" to={hero.secondary.to} viewTransition>{hero.secondary.label}</Link>
          </div>
          <p className="home-claim"><Link to={hero.claim.to} viewTransition>{hero.claim.label}</Link></p>
        </div>
        <ul className="home-promises">
          {hero.promises.map((p) => <li key={p}>{p}</li>)}
        </ul>
      </div>
    </section>
  );
}

function Services() {
  const { title, lead, more } = homeSections.services;
  return (
    <section className="section" aria-labelledby="home-services">
      <div className="container">
        <h2 id="home-services">{title}</h2>
        <p className="lead">{lead}</p>
        <ul className="grid plain-list">
          {company.services.map((s) => (
            <li key={s.id} className="card link-card">
              <h3><Link to={s.path} viewTransition>{s.title}</Link></h3>
              <p>{s.description}</p>
            </li>
          ))}
        </ul>
        <p className="home-more">
          <Link className="btn btn-secondary" to={more.to} viewTransition>{more.label}</Link>
        </p>
      </div>
    </section>
  );
}

function Advantages() {
  const { title, lead } = homeSections.advantages;
  return (
    <section className="section section-alt" aria-labelledby="home-advantages">
      <div className="container">
        <h2 id="home-advantages">{title}</h2>
        <p className="lead">{lead}</p>
        <ul className="grid plain-list home-advantages">
          {company.advantages.map((a) => (
            <li key={a.id} className="card">
              <h3>{a.title}</h3>
              <p>{a.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function HowItWorks() {
  const { title, lead } = homeSections.steps;
  return (
    <section className="section" aria-labelledby="home-steps">
      <div className="container">
        <h2 id="home-steps">{title}</h2>
        <p className="lead">{lead}</p>
        <Steps steps={homeSteps} />
      </div>
    </section>
  );
}

/** The home page: hero, the eight insurances, the six advantages, how it works and the free quote. */
export default function HomePage() {
  return (
    <>
      <Hero />
      <Services />
      <Advantages />
      <HowItWorks />
      <QuoteCta cta={homeCta} />
    </>
  );
}
