import { Link } from 'react-router-dom';
import { brokerServices, remuneration, servicesCta, servicesPage, terminationRules } from '../content/services';
import { PageHeader } from '../components/page-header';
import { QuoteCta } from '../components/quote-cta';
import { TextSections } from '../components/rich-text';
import '../components/page-parts.css';
import './services.css';

/** The broker's services: comparison, advice, online subscription, management, claims and termination help. */
export default function ServicesPage() {
  return (
    <>
      <PageHeader title={servicesPage.title} lead={servicesPage.lead} />
      <section className="section" aria-labelledby="services-liste">
        <div className="container">
          <h2 id="services-liste">Ce que nous faisons pour vous</h2>
          <ul className="grid plain-list services-grid">
            {brokerServices.map((s) => (
              <li key={s.id} id={s.id} className="card service-card">
                <h3>{s.title}</h3>
                <p>{s.summary}</p>
                <ul>
                  {s.details.map((d) => <li key={d}>{d}</li>)}
                </ul>
                <Link className="card-link" to={s.link.to} viewTransition>{s.link.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section-alt services-rules">
        <div className="container">
          <div className="prose">
            <TextSections sections={[terminationRules]} />
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="remuneration">
        <div className="container">
          <div className="prose">
            <h2 id="remuneration">{remuneration.title}</h2>
            {remuneration.paragraphs.map((p) => <p key={p}>{p}</p>)}
          </div>
        </div>
      </section>
      <QuoteCta cta={servicesCta} />
    </>
  );
}
