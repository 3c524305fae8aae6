import { Link, useMatches } from 'react-router-dom';
import type { RouteHandle } from '../lib/routes';
import { PageHeader } from '../components/page-header';
import { typeset } from '../lib/format';
import {
  formulaIpid, insurers, isPriceProduct, preparePriceProduct, priceProduct, type Formula, type PriceProduct,
} from '../features/prices/rates';
import { ipidSections } from '../features/prices/ipid-sections';
import { productPaths } from '../content/paths';
import '../features/prices/prices.css';
import { island } from '../lib/island';

// Only a wrong address shows it (an unknown product): its code loads then.
const MissingPage = island(() => import('./not-found').then((m) => m.default));

/** One formula's IPID: its nine standard sections. */
function FormulaIpid({ product, formula }: { product: PriceProduct; formula: Formula }) {
  const lines = formulaIpid(product, formula);
  const titleId = `${formula.id}-titre`;
  return (
    <article id={formula.id} className="card ipid-doc" aria-labelledby={titleId}>
      <h2 id={titleId}>Formule {formula.label}</h2>
      <p className="muted">{product.label} · proposée par {insurers.map((i) => i.name).join(', ')}</p>
      <div className="ipid-sections">
        {ipidSections.map((s) => {
          const items = lines[s.key];
          return (
            <section key={s.key} aria-label={`${s.title} (${formula.label})`}>
              <h3>{s.title}</h3>
              {items.length > 1 ? <ul>{items.map((l) => <li key={l}>{l}</li>)}</ul> : <p>{items[0]}</p>}
            </section>
          );
        })}
      </div>
    </article>
  );
}

/** /ipid/auto…: the information document (IPID) of each formula of a product, readable and printable. */
export default function IpidPage() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const id = handle?.entry.product;
  if (!isPriceProduct(id) || !handle) return <MissingPage />;
  const product = priceProduct(id);
  return (
    <>
      <PageHeader
        title={handle.entry.title}
        lead={typeset('Le document d’information normalisé sur le produit d’assurance (IPID, règlement européen 2017/1469) de chaque formule. Les assureurs partenaires sont fictifs, comme le courtier.')}
      >
        <nav aria-label="Les formules">
          <ul className="ipid-toc">
            {product.formulas.map((f) => <li key={f.id}><a href={`#${f.id}`}>Formule {f.label}</a></li>)}
          </ul>
        </nav>
        <p className="ipid-print">
          <button type="button" className="btn btn-secondary needs-js" onClick={() => window.print()}>Imprimer ces documents</button>{' '}
          <Link className="btn btn-primary" to={productPaths[id].price}>Obtenir mon prix</Link>
        </p>
      </PageHeader>
      <section className="section">
        <div className="container">
          {product.formulas.map((f) => <FormulaIpid key={f.id} product={product} formula={f} />)}
        </div>
      </section>
    </>
  );
}

/** Loads the product's rating data (its own chunk) before the page renders. */
export const prepare = preparePriceProduct;
