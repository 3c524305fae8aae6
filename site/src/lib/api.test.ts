import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiForm, ApiError } from './api';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('answers the JSON, or throws the server\'s French message with its field', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/ok' ? json(200, { n: 1 }) : json(400, { error: 'Le nom est requis.', field: 'name' }))));
    expect(await api('GET', '/ok')).toEqual({ n: 1 });
    const err = await api('POST', '/ko', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'Le nom est requis.', status: 400, field: 'name' });
  });

  it('says the server is out of reach when fetch fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(api('GET', '/x')).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/^Le serveur est injoignable/) });
  });

  // An answer that arrives after the caller gave up (a newer filter, a page
  // left) must not be taken for the current one.
  it.each([
    ['api', (signal: AbortSignal) => api('GET', '/x', undefined, signal)],
    ['apiForm', (signal: AbortSignal) => apiForm('/x', new FormData(), signal)],
  ])('%s rejects an answer that arrived once the call was aborted', async (_, call) => {
    const ctl = new AbortController();
    vi.stubGlobal('fetch', vi.fn(async () => {
      ctl.abort();
      return json(200, { requests: [] });
    }));
    const err = await call(ctl.signal).catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
  });
});
