import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { company } from '../lib/company';
import { cardPrices, hero, homeAdvantages, homeCta, homeSections, homeSteps, priceChoices, referenceProfiles, trust } from '../content/home';
import { QuoteCta } from '../components/quote-cta';
import { Steps } from '../components/steps';
import { NeedsJs } from '../components/needs-js';
import { Illustration, isIllustrationName } from '../components/illustration';
import '../components/page-parts.css';
import './home.css';

/** The hero's product picker: « Obtenir mon prix » opens the product's instant price, or its request on study. */
function PriceEntry() {
  const navigate = useNavigate();
  const [choice, setChoice] = useState(priceChoices[0]?.value ?? 'car');
  function submit(e: FormEvent) {
    e.preventDefault();
    const to = priceChoices.find((c) => c.value === choice)?.to;
    if (to) navigate(to, { viewTransition: true });
  }
  return (
    <>
      <NeedsJs what="Le choix du produit" />
      <form className="home-price needs-js" onSubmit={submit} aria-describedby="home-price-note">
        <label htmlFor="home-product">{hero.pick}</label>
        <div className="home-price-row">
          <select id="home-product" name="product" value={choice} onChange={(e) => setChoice(e.target.value)}>
            {priceChoices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
          </select>
          <button className="btn btn-call" type="submit">{hero.submit}</button>
        </div>
        <p id="home-price-note" className="home-price-note">{hero.pickNote}</p>
      </form>
    </>
  );
}

function Hero() {
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <div className="container home-hero-grid">
        <div>
          <p className="home-eyebrow">{hero.eyebrow}</p>
          <h1 id="home-title">{hero.title}</h1>
          <p className="home-pitch">{hero.pitch}</p>
          <PriceEntry />
          <p className="home-claim"><Link to={hero.claim.to} viewTransition>{hero.claim.label}</Link></p>
        </div>
        <Illustration name="hero" className="home-hero-art" width={480} />
      </div>
      <div className="container">
        <div className="home-trust">
          <p className="home-trust-title">{trust.partnersTitle}</p>
          <ul className="home-partners">
            {trust.partners.map((p) => <li key={p}>{p}</li>)}
          </ul>
          <p className="home-orias">{trust.orias} · <Link to={trust.oriasLink.to}>{trust.oriasLink.label}</Link></p>
        </div>
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
        <ul className="grid plain-list home-products">
          {company.services.map((s) => {
            const price = cardPrices[s.id];
            return (
              <li key={s.id} className="card link-card home-product">
                {isIllustrationName(s.id) ? <Illustration name={s.id} className="home-product-art" width={120} /> : null}
                <h3><Link to={s.path} viewTransition>{s.title}</Link></h3>
                <p>{s.description}</p>
                {price?.from
                  ? <p className="home-from">à partir de <strong className="num">{price.from.amount}</strong>{price.from.unit}<a href="#profils-de-reference" className="home-from-ref" aria-label="voir le profil de référence">*</a></p>
                  : <p className="home-from home-study">{price?.study}</p>}
              </li>
            );
          })}
        </ul>
        <p className="home-more">
          <Link className="btn btn-secondary" to={more.to} viewTransition>{more.label}</Link>
        </p>
      </div>
    </section>
  );
}

function References() {
  return (
    <section className="section home-references" id="profils-de-reference" aria-labelledby="home-references" tabIndex={-1}>
      <div className="container">
        <h2 id="home-references">{referenceProfiles.title}</h2>
        <p className="muted">{referenceProfiles.lead}</p>
        <dl className="home-reference-list">
          {referenceProfiles.items.map((r) => (
            <div key={r.product}>
              <dt>{`${r.product}\u00a0: `}<span className="num">{r.amount}</span>{r.unit}</dt>
              <dd>{r.profile}</dd>
            </div>
          ))}
        </dl>
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
          {homeAdvantages.map((a) => (
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

/** The home page: the hero that prices, the eight insurances with their starting prices, the advantages, how it works. */
export default function HomePage() {
  return (
    <>
      <Hero />
      <Services />
      <Advantages />
      <HowItWorks />
      <QuoteCta cta={homeCta} />
      <References />
    </>
  );
}
