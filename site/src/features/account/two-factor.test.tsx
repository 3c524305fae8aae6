import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setSessionUser } from '../../lib/session';
import { groupSecret } from './two-factor-api';
import { TwoFactorSetupForm } from './two-factor-setup';

let calls: { url: string; body: unknown }[] = [];
const answers = new Map<string, () => Response>();

beforeEach(() => {
  calls = [];
  answers.clear();
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.get(url);
    return answer ? answer() : new Response('{}', { status: 404 });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setSessionUser(null));
});

const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status });

function fill(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('TwoFactorSetupForm', () => {
  it('shows the QR code and its key, refuses a wrong code next to its field, then shows the recovery codes once', async () => {
    answers.set('/api/profile/two-factor/setup', json({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg data-testid="qr"></svg>' }));
    answers.set('/api/profile/two-factor/enable', json({ error: 'Code incorrect.', field: 'code' }, 400));
    const done = vi.fn();
    render(<TwoFactorSetupForm onDone={done} />);
    fireEvent.click(screen.getByRole('button', { name: 'Configurer mon application' }));
    expect(await screen.findByTestId('qr')).toBeTruthy();
    expect(document.body.textContent).toContain('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    fireEvent.click(screen.getByRole('button', { name: 'Activer la validation en deux étapes' }));
    expect(screen.getByLabelText(/Code de l’application/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.url.endsWith('/enable'))).toHaveLength(0);

    fill(/Code de l’application/, '123456');
    fill(/^Mot de passe/, 'une longue phrase de passe');
    fireEvent.click(screen.getByRole('button', { name: 'Activer la validation en deux étapes' }));
    expect(await screen.findByText('Code incorrect.')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ url: '/api/profile/two-factor/enable', body: { code: '123456', password: 'une longue phrase de passe' } });

    const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);
    answers.set('/api/profile/two-factor/enable', json({ recoveryCodes: codes }));
    fireEvent.click(screen.getByRole('button', { name: 'Activer la validation en deux étapes' }));
    const list = await screen.findByRole('list', { name: 'Codes de secours' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list.textContent).toContain('abcde-fgh7k');
    expect(done).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'J’ai noté mes codes' }));
    expect(done).toHaveBeenCalledOnce();
  });

  it('groups a secret by four', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupSecret('ABCD')).toBe('ABCD');
  });
});
