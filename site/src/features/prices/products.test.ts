import { describe, expect, it } from 'vitest';
import products from '../../../../pkg/pricing/products.json';
import { coverViews, describeViews, formViews } from '../../../../pkg/pricing/products.json?price';
import { hamonProducts, sameDayProducts, vehicleProducts } from '../contracts/details';
import { journeyCopy } from './journey-copy';
import { productPaths } from '../../content/paths';
import { priceProductIds } from './rates';

// The products priced at once come from their Go specs (pkg/pricing/products.json,
// which TestProductsFile keeps true): the site lists none by hand.
describe('the products of the specs', () => {
  it('are the journeys, in the specs\' order', () => {
    expect([...priceProductIds]).toEqual(products.map((p) => p.id));
  });

  it.each(products.map((p) => p.id))('%s has its texts, its paths and its views', async (id) => {
    expect(journeyCopy[id as keyof typeof journeyCopy]).toBeDefined();
    expect(productPaths[id as keyof typeof productPaths]).toBeDefined();
    expect((await formViews[id]!()).form).toMatchObject({ label: expect.any(String) });
    expect((await coverViews[id]!()).cover).toMatchObject({ formulas: expect.any(Array) });
    const vehicle = products.find((p) => p.id === id)!.vehicle;
    expect(Boolean(describeViews[id])).toBe(vehicle);
  });

  it('tell the subscription what it asks and allows', () => {
    expect([...vehicleProducts]).toEqual(products.filter((p) => p.vehicle).map((p) => p.id));
    expect([...hamonProducts]).toEqual(products.filter((p) => p.hamon).map((p) => p.id));
    expect([...sameDayProducts]).toEqual(products.filter((p) => p.temporary).map((p) => p.id));
    expect([...vehicleProducts]).toEqual(['car', 'moto', 'vtc', 'temp']);
    expect([...hamonProducts]).toEqual(['car', 'moto', 'home']);
    expect([...sameDayProducts]).toEqual(['temp']);
  });
});
