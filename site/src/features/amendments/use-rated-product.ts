import { useEffect, useState } from 'react';
import { isPriceProduct, loadPriceProduct, type PriceProduct } from '../prices/rates';

/**
 * A product's rating data (rates.json, its own chunks): its formulas,
 * the same at every insurer, and its questions (a home's dwelling);
 * undefined while it loads, or for a product not priced online.
 */
export function useRatedProduct(product: string | undefined): PriceProduct | undefined {
  const [rated, setRated] = useState<PriceProduct>();
  useEffect(() => {
    if (!product || !isPriceProduct(product)) return undefined;
    let live = true;
    loadPriceProduct(product)
      .then((p) => live && setRated(p))
      .catch(() => live && setRated(undefined));
    return () => {
      live = false;
    };
  }, [product]);
  return rated;
}
