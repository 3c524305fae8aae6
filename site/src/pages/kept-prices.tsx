import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { ApiError } from '../lib/api';
import { formatDate, typeset } from '../lib/format';
import { useSession } from '../lib/session';
import { getKeptPrices, getLinkedPrices, type PriceQuote } from '../features/prices/api';
import { PriceResultsView } from '../features/prices/price-results-view';
import { productPaths } from '../content/paths';
import { loadPriceProduct, priceProduct } from '../features/prices/rates';
import { subscribePath } from '../content/paths';
import '../features/prices/prices.css';

type State = { status: 'loading' } | { status: 'failed'; message: string; signIn?: boolean } | { status: 'ready'; quote: PriceQuote };

const gone = 'Ces prix sont introuvables\u00a0: le lien est incomplet, ou leur validité a pris fin. Vous pouvez refaire un prix en deux minutes.';

/** Loads the prices of the e-mail's link (?token=) or of the signed-in owner (?id=). */
function useKeptPrices(token: string | null, id: string | null): State {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    if (!token && !id) {
      setState({ status: 'failed', message: gone });
      return undefined;
    }
    let live = true;
    setState({ status: 'loading' });
    (token ? getLinkedPrices(token) : getKeptPrices(id ?? ''))
      .then(async (quote) => {
        await loadPriceProduct(quote.product);
        return quote;
      })
      .then((quote) => live && setState({ status: 'ready', quote }))
      .catch((err: unknown) => {
        if (!live) return;
        const status = err instanceof ApiError ? err.status : 0;
        if (status === 401) setState({ status: 'failed', message: 'Connectez-vous pour revoir ces prix.', signIn: true });
        else setState({ status: 'failed', message: status === 404 ? gone : err instanceof ApiError ? err.message : gone });
      });
    return () => {
      live = false;
    };
  }, [token, id]);
  return state;
}

/** /mes-prix: the kept prices, from the e-mail's link or from « Mes devis ». */
export default function KeptPricesPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const id = params.get('id');
  const state = useKeptPrices(token, id);
  const quote = state.status === 'ready' ? state.quote : null;
  const product = quote ? priceProduct(quote.product) : null;
  const expired = quote ? quote.validUntil < new Date().toISOString().slice(0, 10) : false;
  const here = `/mes-prix?${params.toString()}`;
  // The e-mail's link offers « Souscrire » too: signed out, it asks to sign
  // in first and comes back here, where the prices join the account of the
  // address they were sent to.
  const signedIn = Boolean(useSession()?.user);
  return (
    <>
      <div className="screen-only">
        <PageHeader
          title="Mes prix gardés"
          lead={product && quote ? typeset(`${product.label}${quote.keptAt ? `, prix gardés le ${formatDate(quote.keptAt)}` : ''}.`) : typeset('Les prix que vous avez gardés, jusqu’à la fin de leur validité.')}
        />
      </div>
      {/* Tall from the first render, loading or not: the footer stays below the fold while the prices load (no layout shift). */}
      <section className="section kept-prices">
        <div className="container price-layout">
          {state.status === 'loading' ? <p className="muted" role="status">Chargement de vos prix…</p> : null}
          {state.status === 'failed' ? (
            <div className="card kept-empty" role="alert">
              <p>{typeset(state.message)}</p>
              {state.signIn ? (
                <Link className="btn btn-primary" to={`/login?next=${encodeURIComponent(here)}`}>Me connecter</Link>
              ) : (
                <Link className="btn btn-primary" to={productPaths.car.price}>Obtenir un prix</Link>
              )}
            </div>
          ) : null}
          {quote ? (
            <PriceResultsView
              quote={quote} needs={quote.needs} chosen={quote.chosen} date={(quote.keptAt ?? new Date().toISOString()).slice(0, 10)}
              subscribeHref={expired ? undefined : signedIn ? (p) => subscribePath(p.id) : () => `/login?next=${encodeURIComponent(here)}`}
            >
              {expired ? <p className="form-error">{typeset(`Ces prix ont expiré le ${formatDate(quote.validUntil)} : refaites un prix pour un tarif à jour.`)}</p> : null}
              <p><Link to={productPaths[quote.product].price}>Refaire un prix</Link></p>
            </PriceResultsView>
          ) : null}
        </div>
      </section>
    </>
  );
}
