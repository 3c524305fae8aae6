import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setSessionUser } from '../lib/session';
import QuoteRequestPage from './quote-request';

const user = {
  uid: 'u1', email: 'anne@exemple.fr', displayName: 'Anne', role: 'client' as const, status: 'active', emailConfirmed: true, twoFactor: true,
  createdAt: '2026-03-02T09:00:00.000Z', updatedAt: '2026-03-02T09:00:00.000Z',
};

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/quote-request', Component: QuoteRequestPage },
      { path: '/my-quotes', Component: () => <h1>Mes devis</h1> },
      { path: '/vehicle-selection', Component: () => <h1>Choix du véhicule</h1> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The error shown under an input, found through the input's aria-describedby. */
function errorOf(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).filter((el) => el?.classList.contains('field-error')).map((el) => el?.textContent).join(' ');
}

beforeEach(() => setSessionUser(user));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('QuoteRequestPage', () => {
  it('preselects the product of the URL and shows its questions', () => {
    renderAt('/quote-request?product=home');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Demande de devis');
    expect((screen.getByRole('radio', { name: 'Assurance habitation' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('Code postal du logement')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'politique de confidentialité' }).getAttribute('href')).toBe('/privacy');
  });

  it('shows each error next to its field and sends nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAt('/quote-request?product=home');
    fireEvent.change(screen.getByLabelText('Surface habitable (m²)'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    expect(errorOf(screen.getByLabelText('Surface habitable (m²)'))).toBe('Saisissez un nombre entre 9\u00a0et 1\u202f000.');
    expect(errorOf(screen.getByRole('radio', { name: 'Locataire' }))).toBe('Choisissez votre situation.');
    expect(errorOf(screen.getByLabelText('Code postal du logement'))).toBe('Indiquez le code postal du logement.');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Locataire' }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for the product when none is chosen', () => {
    renderAt('/quote-request');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    expect(errorOf(screen.getByRole('radio', { name: 'Assurance auto et moto' }))).toBe('Choisissez l’assurance pour laquelle vous souhaitez un devis.');
  });

  it('sends a car quote with the vehicle of the URL, then goes to /my-quotes', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify({ quote: { id: 'q1' } }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/quote-request?product=car&brand=renault&model=Clio&year=2020&energy=hybride');
    expect(screen.getByText('Renault Clio · 2020 · Hybride')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Privé uniquement' }));
    fireEvent.change(screen.getByLabelText("Année d’obtention du permis du conducteur principal"), { target: { value: '2012' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Tous risques' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Par téléphone' }));
    fireEvent.change(screen.getByLabelText('Numéro de téléphone'), { target: { value: '06 39 98 12 34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-quotes'));
    expect(router.state.location.state).toEqual({ created: 'q1' });
    const body = JSON.parse(fetch.mock.calls[0]?.[1].body as string);
    expect(body).toEqual({
      product: 'car',
      details: { brand: 'renault', model: 'Clio', year: 2020, energy: 'hybride', usage: 'prive', licenceYear: 2012, cover: 'tous-risques' },
      contact: { method: 'phone', phone: '0639981234' },
      message: '',
    });
  });

  it('sends a car quote without vehicle back to the vehicle step', () => {
    renderAt('/quote-request?product=car');
    const link = screen.getByRole('link', { name: 'Choisir le véhicule' });
    expect(link.getAttribute('href')).toBe('/vehicle-selection?product=car');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    expect(screen.getByText("Choisissez d’abord le véhicule à assurer.")).toBeTruthy();
    expect(document.activeElement).toBe(link);
  });

  it("shows the server's error next to the field it names", async () => {
    const answer = { error: 'Saisissez un code postal français à 5 chiffres, par exemple 69002.', code: 'invalid', field: 'details.postalCode' };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(answer), { status: 400 })));
    renderAt('/quote-request?product=home');
    fireEvent.click(screen.getByRole('radio', { name: 'Locataire' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Maison' }));
    fireEvent.change(screen.getByLabelText('Surface habitable (m²)'), { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText('Nombre de pièces principales'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Code postal du logement'), { target: { value: '69002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    // Shown typeset: the server writes ordinary spaces.
    await waitFor(() => expect(errorOf(screen.getByLabelText('Code postal du logement'))).toBe('Saisissez un code postal français à 5\u00a0chiffres, par exemple 69002.'));
  });

  it('shows a refusal without a field above the form', async () => {
    const answer = { error: 'Vous avez déjà envoyé 10 demandes de devis récemment.', code: 'too_many_requests' };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(answer), { status: 429 })));
    renderAt('/quote-request?product=life');
    fireEvent.click(screen.getByRole('radio', { name: 'Épargner' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Vous avez déjà envoyé 10\u00a0demandes de devis récemment.');
  });
});
