import { Link } from 'react-router-dom';
import { company } from '../lib/company';
import { insurancePage } from '../content/insurance';
import { isProductId, productSummaries } from '../content/products';
import { PageHeader } from '../components/page-header';
import { QuoteCta } from '../components/quote-cta';
import '../components/page-parts.css';
import './insurance.css';

function ProductGroup({ group, alt }: { group: (typeof insurancePage.groups)[number]; alt: boolean }) {
  const entries = company.services.flatMap((service) => (
    isProductId(service.id) && productSummaries[service.id].audience === group.audience ? [{ service, product: productSummaries[service.id] }] : []
  ));
  const headingId = `groupe-${group.audience}`;
  return (
    <section className={alt ? 'section section-alt' : 'section'} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId}>{group.title}</h2>
        <p className="lead">{group.lead}</p>
        <ul className="grid plain-list">
          {entries.map(({ service, product }) => (
            <li key={service.id} className="card link-card">
              <h3><Link to={service.path} viewTransition>{service.title}</Link></h3>
              <p>{service.description}</p>
              <ul className="insurance-tags" aria-label="Points clés">
                {product.highlights.map((h) => <li key={h} className="tag">{h}</li>)}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The overview of the eight insurance products. */
export default function InsurancePage() {
  const { help } = insurancePage;
  return (
    <>
      <PageHeader title={insurancePage.title} lead={insurancePage.lead} />
      {insurancePage.groups.map((g, i) => <ProductGroup key={g.audience} group={g} alt={i % 2 === 1} />)}
      <section className="section" aria-labelledby="aide">
        <div className="container insurance-help">
          <h2 id="aide">{help.title}</h2>
          <p>{help.text}</p>
          <Link className="btn btn-secondary" to={help.link.to} viewTransition>{help.link.label}</Link>
        </div>
      </section>
      <QuoteCta cta={insurancePage.cta} />
    </>
  );
}
