import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { MyRequests } from './my-requests';
import type { ClientRequest } from './types';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const request = (r: Partial<ClientRequest>): ClientRequest => ({
  id: 'r1', kind: 'quote', kindLabel: 'Devis', ref: 'DV-2026-000001', product: '', summary: 'Une question', statusLabel: 'Reçue',
  open: true, createdAt: '2026-03-02T09:00:00.000Z', updatedAt: '2026-03-02T09:00:00.000Z', replies: [], ...r,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MyRequests', () => {
  it('links a request to the page its kind gives, and no other to anything', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ requests: [
      request({ page: { label: 'Voir ce devis dans Mes devis', path: '/my-quotes' } }),
      request({ id: 'r2', kind: 'memo', kindLabel: 'Mémo', ref: 'MM-2026-000001' }),
    ] })));
    const router = createMemoryRouter([{ path: '*', element: <MyRequests /> }], { initialEntries: ['/dashboard'] });
    render(<RouterProvider router={router} />);
    const link = await screen.findByRole('link', { name: 'Voir ce devis dans Mes devis' });
    expect(link.getAttribute('href')).toBe('/my-quotes');
    expect(screen.getByText('Mémo')).toBeTruthy();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/my-quotes']);
  });
});
