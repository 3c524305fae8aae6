import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { RouteHandle } from '../lib/routes';
import { routes } from '../lib/routes';
import { company } from '../lib/company';
import { loadProduct, productContent, productIds } from '../content/products';
import InsuranceProductPage, { prepare } from './insurance-product';

afterEach(cleanup);

async function renderProduct(product: string | undefined) {
  const path = `/insurance/${product ?? 'sans-produit'}`;
  const handle: RouteHandle = { entry: { path, page: 'insurance-product', title: 'Assurance', product } };
  await prepare(handle.entry);
  const router = createMemoryRouter([{ path, handle, Component: InsuranceProductPage }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

describe('InsuranceProductPage', () => {
  it.each(productIds)('shows the %s product with its title from the company profile', async (id) => {
    await renderProduct(id);
    const service = company.services.find((s) => s.id === id);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(service?.title);
    expect((await screen.findAllByRole('group')).length).toBe(productContent(id)?.faq.length);
    const quote = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/quote-request'));
    expect(quote.length).toBeGreaterThan(0);
  });

  it.each(['inconnu', undefined])('shows the not-found page for the product id %s', async (id) => {
    await renderProduct(id);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page introuvable');
  });

  it('has content for every product route of routes.json', async () => {
    const ids = routes.filter((r) => r.page === 'insurance-product').map((r) => r.product);
    expect(ids.sort()).toEqual([...productIds].sort());
    for (const id of productIds) expect((await loadProduct(id)).faq.length).toBeGreaterThan(0);
  });
});
