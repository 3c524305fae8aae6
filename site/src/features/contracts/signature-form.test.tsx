import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Contract } from './api';
import { SignatureForm } from './signature-form';

afterEach(cleanup);

const doc = (kind: string, title: string) => ({ id: `d-${kind}`, kind, title, url: `/api/contracts/c1/documents/d-${kind}`, sha256: 'x', issuedAt: '2026-11-27T09:00:00Z', signed: false });

const contract = {
  id: 'c1', number: 'CT-2026-000001', status: 'pending_signature', statusLabel: 'En attente de signature', source: 'price', sourceId: 'q-1',
  product: 'car', productLabel: 'Assurance auto', insurer: 'Mutuelle Fictive', formula: 'Tiers', holder: { name: 'Camille Martin', email: 'c@exemple.fr', address: '1 rue A', postalCode: '69002', city: 'Lyon' },
  risk: { lines: [] }, guarantees: [], startDate: '2026-12-01', yearlyCents: 56833, monthlyCents: 4831, taxesCents: 1000, deductibleCents: 0, rhythm: 'monthly',
  createdAt: '', missing: [], proofs: [], history: [], actions: ['update', 'sign'],
  documents: [doc('advice', 'Fiche d’information et de conseil'), doc('conditions', 'Conditions particulières')],
  schedule: [{ seq: 1, date: '2026-12-01', amountCents: 4831, sequence: 'FRST', cancelled: false }, { seq: 2, date: '2027-01-01', amountCents: 4831, sequence: 'RCUR', cancelled: false }],
} as unknown as Contract;

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('SignatureForm', () => {
  it('opens each document in a new tab and shows the schedule with the pre-notification', () => {
    render(<SignatureForm contract={contract} defaultHolder="Camille Martin" onSigned={() => {}} />);
    const link = screen.getByRole('link', { name: /Conditions particulières/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('href')).toBe('/api/contracts/c1/documents/d-conditions');
    expect(screen.getByRole('checkbox', { name: 'J’ai lu et j’accepte le document «\u00a0Conditions particulières\u00a0»' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Vos prélèvements de la première année' });
    expect(table.textContent).toContain('1er\u00a0décembre 2026');
    expect(table.textContent).toContain('48,31\u00a0€');
    expect(screen.getByText(/Cet échéancier vaut pré-notification/)).toBeTruthy();
  });

  it('checks the IBAN when it is left, with a French message next to it', () => {
    render(<SignatureForm contract={contract} defaultHolder="Camille Martin" onSigned={() => {}} />);
    const iban = screen.getByLabelText('IBAN');
    fireEvent.change(iban, { target: { value: 'FR76 3000 6000 0112 3456 7890 188' } });
    fireEvent.blur(iban);
    expect(iban.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('La clé de contrôle de l’IBAN est fausse : vérifiez-le.')).toBeTruthy();
    fireEvent.change(iban, { target: { value: 'fr7630006000011234567890189' } });
    fireEvent.blur(iban);
    expect(iban.getAttribute('aria-invalid')).toBeNull();
    expect((iban as HTMLInputElement).value).toBe('FR76 3000 6000 0112 3456 7890 189');
  });

  it('asks every box before sending a code', () => {
    render(<SignatureForm contract={contract} defaultHolder="Camille Martin" onSigned={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir mon code' }));
    expect(screen.getAllByText('Cochez cette case après avoir lu le document.')).toHaveLength(2);
    expect(screen.getByText('L’IBAN est obligatoire.')).toBeTruthy();
    expect(screen.getByText('Cochez l’autorisation de prélèvement SEPA.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the code, waits a minute before another, and signs with what was ticked', async () => {
    const onSigned = vi.fn();
    render(<SignatureForm contract={contract} defaultHolder="Camille Martin" onSigned={onSigned} />);
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: 'FR7630006000011234567890189' } });
    const inAMinute = new Date(Date.now() + 60_000).toISOString();
    fetchMock.mockReturnValueOnce(answer(202, { sentTo: 'c•••@exemple.fr', sentAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 600_000).toISOString(), resendAt: inAMinute }));
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir mon code' }));
    await screen.findByText(/Code demandé à\s\d{2}:\d{2}\spour\sc•••@exemple\.fr/);
    expect(fetchMock).toHaveBeenCalledWith('/api/contracts/c1/signature-code', expect.objectContaining({ method: 'POST' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Recevoir un nouveau code' }) as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText(/Un nouveau code peut être demandé dans \d+\ss\./)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Signer' }));
    expect(screen.getByText('Saisissez le code à 6 chiffres reçu par e-mail.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Code reçu par e-mail'), { target: { value: '12 34 56' } });
    fetchMock.mockReturnValueOnce(answer(400, { error: 'Ce code n’est pas le bon.', field: 'code', errors: [{ field: 'code', message: 'Ce code n’est pas le bon.' }] }));
    fireEvent.click(screen.getByRole('button', { name: 'Signer' }));
    await screen.findByText('Ce code n’est pas le bon.');
    expect(screen.getByLabelText('Code reçu par e-mail').getAttribute('aria-invalid')).toBe('true');

    fetchMock.mockReturnValueOnce(answer(200, { contract: { ...contract, status: 'awaiting_documents' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Signer' }));
    await waitFor(() => expect(onSigned).toHaveBeenCalled());
    const body = JSON.parse(fetchMock.mock.calls[2]![1].body as string);
    expect(body).toEqual({ code: '123456', holder: 'Camille Martin', iban: 'FR7630006000011234567890189', accept: ['advice', 'conditions', 'sepa'] });
  });

  it('finds the code sent before a reload: its field, when it was asked', () => {
    const sentAt = new Date(Date.now() - 120_000).toISOString();
    const codeSent = { sentTo: 'c•••@exemple.fr', sentAt, expiresAt: new Date(Date.now() + 480_000).toISOString(), resendAt: new Date(Date.now() - 60_000).toISOString() };
    render(<SignatureForm contract={{ ...contract, codeSent }} defaultHolder="Camille Martin" onSigned={() => {}} />);
    expect(screen.getByLabelText('Code reçu par e-mail')).toBeTruthy();
    expect(screen.getByText(/Code demandé à\s\d{2}:\d{2}\spour\sc•••@exemple\.fr/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Recevoir un nouveau code' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says a refused request for a code (429) next to the button, with its wait', async () => {
    render(<SignatureForm contract={contract} defaultHolder="Camille Martin" onSigned={() => {}} />);
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: 'FR7630006000011234567890189' } });
    fetchMock.mockReturnValueOnce(Promise.resolve(new Response(JSON.stringify({ error: 'Un code est déjà en cours d’envoi : attendez une minute avant d’en demander un autre.', code: 'too_many_requests' }),
      { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '42' } })));
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir mon code' }));
    const alert = await screen.findByText(/Un code est déjà en cours d’envoi/);
    // The wait is counted from Retry-After once the alert is drawn (useSecondsUntil), and a loaded machine may be a few seconds late.
    await waitFor(() => expect(alert.textContent).toMatch(/Nouvelle demande possible dans (4[0-2]|3\d)\ss\./));
    expect((screen.getByRole('button', { name: 'Recevoir mon code' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
