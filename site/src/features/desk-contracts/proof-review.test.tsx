import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ProofReview } from './proof-review';
import { fakeServer, json, sample } from './test-fixtures';

const proof = sample.proofs[0]!;
const reviewUrl = 'POST /api/desk/contracts/K1/proofs/licence/review';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProofReview', () => {
  it('accepts in one click and hands back the contract', async () => {
    const accepted = { ...sample, proofs: [{ ...proof, status: 'accepted' as const, statusLabel: 'Accepté' }] };
    const calls = fakeServer({ [reviewUrl]: () => json(200, { contract: accepted }) });
    const onDone = vi.fn();
    render(<ProofReview contractId="K1" proof={proof} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Accepter' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(accepted));
    expect(calls).toEqual([{ key: reviewUrl, body: { accept: true } }]);
  });

  it('asks for the reason before refusing, and sends nothing without it', async () => {
    const calls = fakeServer({ [reviewUrl]: () => json(200, { contract: sample }) });
    const onDone = vi.fn();
    render(<ProofReview contractId="K1" proof={proof} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refuser' }));
    const reason = screen.getByRole('textbox', { name: 'Motif du refus, lu par le client' });
    expect(document.activeElement).toBe(reason);
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer le refus' }));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(reason.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(message?.textContent).toBe('Dites au client pourquoi ce justificatif est refusé\u00a0: il lira ce motif.');
    expect(document.activeElement).toBe(reason);
    expect(calls).toEqual([]);

    fireEvent.change(reason, { target: { value: ' La photo est floue. ' } });
    expect(reason.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer le refus' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual([{ key: reviewUrl, body: { accept: false, reason: 'La photo est floue.' } }]);
  });

  it('shows the server\'s refusal of the reason next to the field', async () => {
    fakeServer({ [reviewUrl]: () => json(400, { error: 'Dites au client pourquoi (500 caractères au plus).', field: 'reason', errors: [{ field: 'reason', message: 'Dites au client pourquoi (500 caractères au plus).' }] }) });
    const onDone = vi.fn();
    render(<ProofReview contractId="K1" proof={proof} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refuser' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Illisible' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer le refus' }));
    expect((await screen.findByText(/^Dites au client pourquoi/)).textContent).toBe('Dites au client pourquoi (500\u00a0caractères au plus).');
    expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('goes back to the two buttons on « Annuler »', () => {
    fakeServer({});
    render(<ProofReview contractId="K1" proof={proof} onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refuser' }));
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Accepter' })).toBeTruthy();
  });
});
