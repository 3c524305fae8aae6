import { useEffect, useState } from 'react';
import { isPriceProduct, loadPriceProduct } from '../prices/rates';
import type { FormulaChoice } from './change-form';

/** The formulas of a product (the same at every insurer, rates.json), loaded with its rating data; none for a product not priced online. */
export function useFormulas(product: string | undefined): FormulaChoice[] {
  const [formulas, setFormulas] = useState<FormulaChoice[]>([]);
  useEffect(() => {
    if (!product || !isPriceProduct(product)) return undefined;
    let live = true;
    loadPriceProduct(product)
      .then((p) => live && setFormulas([...p.formulas].sort((a, b) => a.rank - b.rank).map((f) => ({ id: f.id, label: f.label }))))
      .catch(() => live && setFormulas([]));
    return () => {
      live = false;
    };
  }, [product]);
  return formulas;
}
