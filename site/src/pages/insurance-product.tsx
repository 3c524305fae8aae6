import type { ReactNode } from 'react';
import { Link, useMatches } from 'react-router-dom';
import type { RouteHandle } from '../lib/routes';
import { answerDelays, company, type Service } from '../lib/company';
import { lowerFirst, typeset } from '../lib/format';
import { onStudy, productPaths } from '../content/paths';
import { isProductId, loadProduct, productContent, type ProductContent } from '../content/products';
import type { RouteEntry } from '../lib/routes';
import type { Feature } from '../lib/text-types';
import { island } from '../lib/island';
import { PageHeader } from '../components/page-header';
import { Illustration, isIllustrationName } from '../components/illustration';
import { Steps } from '../components/steps';
import { CallbackSection } from '../features/contact/callback-section';
import '../components/page-parts.css'; // the call to action's (an island), inlined with the page
import './insurance-product.css';

// Only a wrong address shows it (an unknown product): its code loads then.
const MissingPage = island(() => import('./not-found').then((m) => m.default));

// Static parts far down the page: their code loads once the page is in (islands).
const Faq = island(() => import('../components/faq').then((m) => m.Faq));
const QuoteCta = island(() => import('../components/quote-cta').then((m) => m.QuoteCta));

function FeatureGrid({ items }: { items: Feature[] }) {
  return (
    <ul className="grid feature-grid">
      {items.map((f) => (
        <li key={f.title} className="card">
          <h3>{f.title}</h3>
          <p>{f.description}</p>
        </li>
      ))}
    </ul>
  );
}

interface SectionProps {
  id: string;
  title?: string;
  lead?: string;
  alt?: boolean;
  children: ReactNode;
}

function Section({ id, title, lead, alt = false, children }: SectionProps) {
  return (
    <section className={alt ? 'section section-alt' : 'section'} aria-labelledby={title ? id : undefined}>
      <div className="container">
        {title ? <h2 id={id}>{title}</h2> : null}
        {lead ? <p className="lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

function Audience({ content }: { content: ProductContent }) {
  return (
    <div className="product-columns">
      <div>
        <h2 id="pour-qui">Pour qui&nbsp;?</h2>
        <ul className="checklist">
          {content.forWhom.map((w) => <li key={w}>{w}</li>)}
        </ul>
      </div>
      <div>
        <h2 id="documents">Les documents à préparer</h2>
        <ul className="checklist">
          {content.documents.map((d) => <li key={d}>{d}</li>)}
        </ul>
      </div>
    </div>
  );
}

/** The sections of a product page, in order; their backgrounds alternate. */
function productSections(content: ProductContent): SectionProps[] {
  const sections: SectionProps[] = [];
  if (content.formulas) {
    const { title, lead, items } = content.formulas;
    sections.push({ id: 'formules', title, lead, children: <FeatureGrid items={items} /> });
  }
  sections.push(
    { id: 'garanties', title: 'Ce qui est couvert', children: <FeatureGrid items={content.coverages} /> },
    { id: 'options', title: 'Les options', children: <FeatureGrid items={content.options} /> },
    { id: 'public', children: <Audience content={content} /> },
    { id: 'comment', title: 'Comment ça marche\u00a0?', children: <Steps steps={content.steps} /> },
    { id: 'bon-a-savoir', title: 'Bon à savoir', children: <FeatureGrid items={content.goodToKnow} /> },
    { id: 'questions', title: 'Questions fréquentes', children: <Faq entries={content.faq} /> },
  );
  return sections;
}

function OtherProducts({ current }: { current: string }) {
  return (
    <nav className="product-others" aria-labelledby="autres-assurances">
      <h2 id="autres-assurances">Nos autres assurances</h2>
      <ul>
        {company.services.filter((s) => s.id !== current).map((s) => (
          <li key={s.id}><Link to={s.path} viewTransition>{s.title}</Link></li>
        ))}
      </ul>
    </nav>
  );
}

/** Where each product priced at once starts its journey (the car page offers the motorbike too). */
const instantPrices: Record<string, { to: string; label: string }[]> = {
  car: [{ to: productPaths.car.price, label: 'Obtenir mon prix' }, { to: productPaths.moto.price, label: 'Obtenir mon prix moto' }],
  home: [{ to: productPaths.home.price, label: 'Obtenir mon prix' }],
  vtc: [{ to: productPaths.vtc.price, label: 'Obtenir mon prix' }],
  temp: [{ to: productPaths.temp.price, label: 'Obtenir mon prix' }],
};

/**
 * The header's actions: the instant price first where there is one;
 * otherwise the request on study, with why and how soon an adviser answers.
 */
function ProductActions({ id, quoteTo }: { id: string; quoteTo: string }) {
  const prices = instantPrices[id];
  const study = onStudy[id];
  return (
    <>
      {study ? <p className="product-study">{typeset(`Tarif sur étude : ${lowerFirst(study.reason)} Réponse ${answerDelays.quote}.`)}</p> : null}
      <div className="product-actions">
        {prices?.map((p, i) => (
          <Link key={p.to} className={i === 0 ? 'btn btn-primary' : 'btn btn-secondary'} to={p.to} viewTransition>{p.label}</Link>
        ))}
        <Link className={prices ? 'btn btn-secondary' : 'btn btn-primary'} to={quoteTo} viewTransition>{prices ? 'Devis par un conseiller' : 'Devis gratuit'}</Link>
        <Link className="btn btn-secondary" to="/contact" viewTransition>Parler à un conseiller</Link>
      </div>
    </>
  );
}

function ProductPage({ service, content }: { service: Service; content: ProductContent }) {
  return (
    <>
      <PageHeader title={service.title} lead={content.intro} art={isIllustrationName(service.id) ? <Illustration name={service.id} className="product-art" width={240} /> : undefined}>
        <ul className="product-highlights" aria-label="Points clés">
          {content.highlights.map((h) => <li key={h} className="tag">{h}</li>)}
        </ul>
        <ProductActions id={service.id} quoteTo={content.cta.link.to} />
      </PageHeader>

      {productSections(content).map((section, i) => (
        <Section key={section.id} {...section} alt={i % 2 === 1} />
      ))}

      <CallbackSection product={service.id} alt={productSections(content).length % 2 === 1} />

      <QuoteCta cta={content.cta} />

      <div className="container product-others-wrap">
        <OtherProducts current={service.id} />
      </div>
    </>
  );
}

/** The page of one insurance product; the product id comes from the route's entry in site/routes.json. */
export default function InsuranceProductPage() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const id = handle?.entry.product;
  const service = company.services.find((s) => s.id === id);
  const content = isProductId(id) ? productContent(id) : undefined;
  if (!content || !service) return <MissingPage />;
  return <ProductPage service={service} content={content} />;
}

/** Loads the product's copy (its own chunk) before the page renders. */
export async function prepare(entry: RouteEntry): Promise<void> {
  if (isProductId(entry.product)) await loadProduct(entry.product);
}
