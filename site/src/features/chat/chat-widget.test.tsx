import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ChatWidget } from './chat-widget';
import { failureReply, type ChatMessage, type Conversation, type Exchange } from './chat';
import { chatStorageKey } from '../../lib/chat-storage';
import { FakeEventSource } from './chat-test-helpers';
import { setSessionUser } from '../../lib/session';

const at = '2026-03-02T13:05:00.000Z';
const welcome: ChatMessage = { id: 1, sender: 'bot', text: 'Bonjour\u00a0! Je peux\u00a0:\n• vous présenter nos assurances', timestamp: at, intent: 'greeting' };
const nobody = 'Aucun conseiller n\'est en ligne pour le moment. Un conseiller peut vous rappeler au créneau de votre choix, ou vous répondre par e-mail.';
const slots = [{ date: '2026-03-03', slots: [{ start: '2026-03-03T09:00:00Z', end: '2026-03-03T10:00:00Z' }, { start: '2026-03-03T10:00:00Z', end: '2026-03-03T11:00:00Z' }] }];

interface FakeServerOptions {
  fail?: boolean;
  known?: boolean;
  /** How long the assistant's answer takes. */
  delayMs?: number;
  /** The kept conversation, as GET answers it. */
  stored?: Conversation;
  available?: boolean;
  /** Answers a visitor's message instead of the assistant. */
  reply?: (text: string) => Promise<Exchange>;
  /** Messages the polling answers. */
  polled?: ChatMessage[];
}

/** A fake API: answers like pkg/web, records the requests. */
function fakeServer(options: FakeServerOptions = {}) {
  const { fail = false, known = true, delayMs = 0, stored, reply, polled = [] } = options;
  const calls: { method: string; url: string; body?: unknown }[] = [];
  let next = 10;
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(init.body as string) : undefined;
    calls.push({ method, url, body });
    const available = options.available ?? true;
    if (url === '/api/callbacks/slots') return json(200, { days: slots });
    if (url === '/api/chat/availability') {
      return json(200, { available, message: available ? 'Un conseiller est disponible' : 'Aucun conseiller disponible pour le moment' });
    }
    if (url.includes('/messages?after=')) {
      const after = Number(url.split('after=')[1]);
      return json(200, { mode: stored?.mode ?? 'bot', live: stored?.live ?? null, available, messages: polled.filter((m) => m.id > after) });
    }
    if (fail && method !== 'GET') throw new TypeError('réseau coupé');
    if (url.endsWith('/attach') || url.endsWith('/typing') || url.endsWith('/read')) return new Response(null, { status: 204 });
    if (method === 'POST' && url === '/api/chat/conversations') return json(201, { conversation: { id: 'conv-1', mode: 'bot', messages: [welcome] } });
    if (method === 'GET') return known ? json(200, { conversation: stored ?? { mode: 'bot', messages: [welcome] } }) : json(404, { error: 'introuvable', code: 'not_found' });
    if (method === 'POST' && reply) return json(200, await reply(body.text));
    if (method === 'PUT' && body.mode === 'agent' && !available) {
      // pkg/chat with nobody online: said plainly, the offer, and the assistant stays.
      return json(200, { mode: 'bot', offer: true, messages: [{ id: next++, sender: 'system', text: nobody, timestamp: at }] });
    }
    if (method === 'PUT') {
      return json(200, { mode: body.mode, offer: false, messages: [
        { id: next++, sender: 'system', text: body.mode === 'agent' ? 'Un conseiller va vous répondre dans un instant.' : 'Vous êtes de nouveau en conversation avec l\'assistant.', timestamp: at },
      ] });
    }
    if (url.endsWith('/contact') || url.endsWith('/callback')) {
      const callback = url.endsWith('/callback');
      const ref = callback ? 'RA-2026-000001' : 'MS-2026-000001';
      return json(201, { receipt: { id: 'r1', kind: callback ? 'callback' : 'contact', ref, dueAt: at },
        message: { id: next++, sender: 'system', text: `${callback ? 'Demande de rappel' : 'Message'} ${ref} enregistré.`, timestamp: at } });
    }
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return json(200, { mode: 'bot', offer: false, messages: [
      { id: next++, sender: 'user', text: body.text, timestamp: at },
      { id: next++, sender: 'bot', text: 'Notre assurance auto…', timestamp: at, intent: 'auto', links: [{ label: 'Assurance auto et moto', href: '/insurance/car' }] },
    ] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderWidget() {
  const router = createMemoryRouter([{ path: '*', element: <ChatWidget /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

async function openPanel() {
  fireEvent.click(screen.getByRole('button', { name: "Ouvrir l’assistant" }));
  await screen.findByText(/Je peux/);
  return screen.getByPlaceholderText('Tapez votre message…') as HTMLTextAreaElement;
}

/** The requests of the conversation itself, without availability, typing and reading. */
const exchanges = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => !/\/(availability|typing|read)$/.test(c.url)).map((c) => `${c.method} ${c.url}`);

beforeEach(() => {
  localStorage.clear();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  act(() => setSessionUser(null));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ChatWidget', () => {
  it('opens on the greeting with the header of SPEC.md §2, keeps the ID, and closes', async () => {
    const calls = fakeServer();
    renderWidget();
    const input = await openPanel();
    expect(screen.getByRole('dialog', { name: 'Assistant' })).toBeTruthy();
    expect(await screen.findByText('En ligne • Prêt à vous aider')).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(screen.getByText('14:05')).toBeTruthy();
    expect(localStorage.getItem(chatStorageKey)).toBe('conv-1');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/chat/conversations', 'GET /api/chat/availability']);
    expect(screen.getByRole('button', { name: "Fermer l’assistant" }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: "Ouvrir l’assistant" }));
  });

  it('sends with Enter, not with Shift+Enter, and disables the input while a reply is pending', async () => {
    const calls = fakeServer({ delayMs: 30 });
    renderWidget();
    const input = await openPanel();
    const send = screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Une voiture' } });
    expect(send.disabled).toBe(false);
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(calls.filter((c) => c.url.endsWith('/messages'))).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('');
    expect(input.disabled).toBe(true);
    expect(send.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain("L’assistant écrit…");
    await screen.findByText('Notre assurance auto…');
    await waitFor(() => expect(input.disabled).toBe(false));
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/chat/conversations/conv-1/messages', body: { text: 'Une voiture' } });
    expect(screen.getByRole('link', { name: 'Assurance auto et moto' }).getAttribute('href')).toBe('/insurance/car');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the client’s own business after the reply, as a local message (pkg/chat does not store it)', async () => {
    fakeServer({ reply: async (text) => ({ mode: 'bot', offer: false, messages: [
      { id: 20, sender: 'user', text, timestamp: at },
      { id: 21, sender: 'bot', text: 'Vous suivez chaque étape dans «\u00a0Mes sinistres\u00a0».', timestamp: at, intent: 'claim' },
    ], mine: { id: 0, sender: 'bot', text: 'Vos sinistres en cours\u00a0: n°\u00a0SN-2026-000001\u00a0: déclaré.', timestamp: at, intent: 'claim',
      links: [{ label: 'Sinistre n°\u00a0SN-2026-000001', href: '/mes-sinistres/c1' }] } }) });
    renderWidget();
    const input = await openPanel();
    fireEvent.change(input, { target: { value: 'Où en est mon sinistre ?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByText(/Vos sinistres en cours/);
    const log = screen.getByRole('dialog').textContent ?? '';
    expect(log.indexOf('Mes sinistres')).toBeLessThan(log.indexOf('Vos sinistres en cours'));
    expect(screen.getByRole('link', { name: 'Sinistre n°\u00a0SN-2026-000001' }).getAttribute('href')).toBe('/mes-sinistres/c1');
  });

  it('shows the failure reply of SPEC.md §8 when a request fails', async () => {
    localStorage.setItem(chatStorageKey, 'conv-1');
    fakeServer({ fail: true });
    renderWidget();
    const input = await openPanel();
    fireEvent.change(input, { target: { value: 'bonjour' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByText(failureReply.replace('\u00a0', ' '));
    expect(screen.getByText('bonjour')).toBeTruthy();
  });

  it('reads the kept conversation back, and starts another when it is gone', async () => {
    localStorage.setItem(chatStorageKey, 'conv-0');
    const calls = fakeServer({ known: false });
    renderWidget();
    await openPanel();
    expect(exchanges(calls)).toEqual(['GET /api/chat/conversations/conv-0', 'POST /api/chat/conversations']);
    expect(localStorage.getItem(chatStorageKey)).toBe('conv-1');
  });

  it('switches to the agent and back', async () => {
    const calls = fakeServer({ available: true });
    renderWidget();
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Parler à un agent' }));
    await screen.findByText('Un conseiller va vous répondre dans un instant.');
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/chat/conversations/conv-1/mode', body: { mode: 'agent' } });
    fireEvent.click(screen.getByRole('button', { name: 'Retour à l’assistant' }));
    await screen.findByText("Vous êtes de nouveau en conversation avec l'assistant.");
    expect(screen.getByRole('button', { name: 'Parler à un agent' })).toBeTruthy();
  });

  it('with nobody online, says so plainly: no « En ligne », no persona, the assistant stays', async () => {
    fakeServer({ available: false });
    renderWidget();
    await openPanel();
    expect(await screen.findByText('Assistant automatique • Aucun conseiller en ligne')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Parler à un agent' }));
    await screen.findByText(nobody);
    const dialog = screen.getByRole('dialog', { name: 'Assistant' });
    expect(dialog.textContent).not.toMatch(/En ligne •|Connexion|Thomas|écrit…/);
    expect(dialog.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Parler à un agent' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Sans conseiller en ligne' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Continuer avec l’assistant" }));
    expect(screen.queryByRole('group', { name: 'Sans conseiller en ligne' })).toBeNull();
  });

  it('with nobody online, files a message answered by e-mail from the conversation', async () => {
    const calls = fakeServer({ available: false });
    renderWidget();
    const input = await openPanel();
    fireEvent.change(input, { target: { value: 'Mon contrat couvre-t-il le prêt du volant ?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByText('Notre assurance auto…');
    fireEvent.click(screen.getByRole('button', { name: 'Parler à un agent' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Réponse par e-mail' }));
    const form = screen.getByRole('region', { name: 'Recevoir une réponse par e-mail' });
    expect(screen.getByRole('log', { hidden: true }).hidden).toBe(true);
    // The visitor's last words start the message; the contact form's rules, in French.
    expect((within(form).getByLabelText('Votre message') as HTMLTextAreaElement).value).toBe('Mon contrat couvre-t-il le prêt du volant ?');
    fireEvent.click(within(form).getByRole('button', { name: 'Envoyer le message' }));
    await within(form).findByText('Indiquez votre nom.');
    expect(within(form).getByText('Saisissez votre adresse e-mail.')).toBeTruthy();
    expect(within(form).getByText('Cochez la case pour nous autoriser à utiliser ces informations.')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/contact'))).toBe(false);
    fireEvent.change(within(form).getByLabelText('Nom et prénom'), { target: { value: 'Léa Martin' } });
    fireEvent.change(within(form).getByLabelText('Adresse e-mail'), { target: { value: 'lea@exemple.fr' } });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Envoyer le message' }));
    await screen.findByText('Message MS-2026-000001 enregistré.');
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/chat/conversations/conv-1/contact',
      body: { name: 'Léa Martin', email: 'lea@exemple.fr', message: 'Mon contrat couvre-t-il le prêt du volant ?', consent: true } });
    expect(screen.queryByRole('region', { name: 'Recevoir une réponse par e-mail' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Sans conseiller en ligne' })).toBeNull();
    expect(screen.getByRole('log').hidden).toBe(false);
  });

  it('with nobody online, files a callback at a chosen slot; a client gives only the phone', async () => {
    const marie = { uid: 'u1', email: 'marie@exemple.fr', displayName: 'Marie', role: 'client' as const, status: 'active', emailConfirmed: true, twoFactor: true, createdAt: at, updatedAt: at };
    act(() => setSessionUser(marie));
    const calls = fakeServer({ available: false });
    renderWidget();
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Parler à un agent' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Être rappelé' }));
    const form = screen.getByRole('region', { name: 'Être rappelé par un conseiller' });
    expect(within(form).queryByLabelText('Nom et prénom')).toBeNull();
    fireEvent.change(within(form).getByLabelText(/Numéro de téléphone/), { target: { value: '+44 20 7946 0000' } });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Demander le rappel' }));
    await within(form).findByText('Saisissez un numéro de téléphone français, par exemple 06 39 98 12 34.');
    fireEvent.change(within(form).getByLabelText(/Numéro de téléphone/), { target: { value: '06 39 98 12 34' } });
    const day = await within(form).findByRole('option', { name: 'mardi 3\u00a0mars' });
    fireEvent.change(within(form).getByLabelText('Jour'), { target: { value: (day as HTMLOptionElement).value } });
    fireEvent.click(within(form).getByRole('radio', { name: /^11:00/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Demander le rappel' }));
    await screen.findByText('Demande de rappel RA-2026-000001 enregistré.');
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/chat/conversations/conv-1/callback',
      body: { name: '', phone: '06 39 98 12 34', note: '', consent: true, slot: slots[0]?.slots[1] } });
  });

  it('attaches the conversation at sign-in, and starts a new one at sign-out without the earlier messages', async () => {
    const calls = fakeServer();
    renderWidget();
    const input = await openPanel();
    fireEvent.change(input, { target: { value: 'Mon numéro de contrat' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByText('Notre assurance auto…');
    const marie = { uid: 'u1', email: 'marie@exemple.fr', displayName: 'Marie', role: 'client' as const, status: 'active', emailConfirmed: true, twoFactor: true, createdAt: at, updatedAt: at };
    calls.length = 0;
    act(() => setSessionUser(marie));
    await waitFor(() => expect(exchanges(calls)).toEqual([
      'POST /api/chat/conversations/conv-1/attach', 'GET /api/chat/conversations/conv-1',
    ]));
    await screen.findByText(/Je peux/);
    calls.length = 0;
    act(() => setSessionUser(null));
    await waitFor(() => expect(exchanges(calls)).toEqual(['POST /api/chat/conversations']));
    await screen.findByText(/Je peux/);
    expect(screen.queryByText('Mon numéro de contrat')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Assistant' })).toBeTruthy();
  });

  it('closes with Escape', async () => {
    fakeServer();
    renderWidget();
    const input = await openPanel();
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('ChatWidget with a real agent (docs/live-chat.md)', () => {
  const julie = { name: 'Julie Martin', role: 'Conseiller' };
  const greeting: ChatMessage = { id: 5, sender: 'agent', text: 'Bonjour, je suis Julie Martin.', timestamp: at, agent: julie };
  const live = { state: 'live' as const, agent: julie, callbackAfterMs: 120000, agentRead: 0 };
  const liveConversation = (messages: ChatMessage[] = []): Conversation => ({ mode: 'agent', live, messages: [welcome, greeting, ...messages] });
  const user = (id: number, text: string): ChatMessage => ({ id, sender: 'user', text, timestamp: at });

  /** The stream the widget opened, once it has. */
  async function stream() {
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    return FakeEventSource.last();
  }
  const emit = (es: FakeEventSource, type: string, data: unknown) => act(() => es.emit(type, data));
  const texts = () => Array.from(document.querySelectorAll('.chat-list .chat-text')).map((e) => e.textContent);

  async function openKept(options: FakeServerOptions) {
    localStorage.setItem(chatStorageKey, 'conv-1');
    const calls = fakeServer(options);
    renderWidget();
    const input = await openPanel();
    return { calls, input, es: await stream() };
  }

  it('opens the stream after the highest known message once opened, and closes it with the widget', async () => {
    fakeServer();
    renderWidget();
    expect(FakeEventSource.instances).toHaveLength(0);
    await openPanel();
    const es = await stream();
    expect(es.url).toBe('/api/chat/conversations/conv-1/events?after=1');
    cleanup();
    expect(es.readyState).toBe(2);
  });

  it('shows whether an agent is available beside « Parler à un agent », and follows the stream', async () => {
    const options: FakeServerOptions = { available: true };
    const calls = fakeServer(options);
    renderWidget();
    await openPanel();
    const line = (await screen.findByText('Un conseiller est disponible')).closest('p') as HTMLElement;
    expect(line.classList.contains('chat-available')).toBe(true);
    const button = screen.getByRole('button', { name: 'Parler à un agent' });
    expect(button.getAttribute('aria-describedby')).toBe(line.id);
    options.available = false;
    emit(await stream(), 'state', { mode: 'bot', live: null, available: false });
    const none = (await screen.findByText('Aucun conseiller disponible pour le moment')).closest('p') as HTMLElement;
    expect(none.classList.contains('chat-available')).toBe(false);
    expect(calls.filter((c) => c.url === '/api/chat/availability')).toHaveLength(2);
  });

  it('waits for an agent, offers a callback once callbackAfterMs has passed, and shows the agent who takes it once', async () => {
    const calls = fakeServer({ available: true });
    renderWidget();
    await openPanel();
    const es = await stream();
    fireEvent.click(screen.getByRole('button', { name: 'Parler à un agent' }));
    await screen.findByText('Un conseiller va vous répondre dans un instant.');
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { mode: 'agent' } });
    vi.useFakeTimers();
    const waitingSince = new Date(Date.now() - 30_000).toISOString();
    emit(es, 'state', { mode: 'agent', live: { state: 'waiting', waitingSince, callbackAfterMs: 90_000, agentRead: 0 }, available: true });
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('En attente d’un conseiller…');
    expect(screen.queryByRole('group', { name: 'Sans conseiller en ligne' })).toBeNull();
    act(() => vi.advanceTimersByTime(59_999));
    expect(screen.queryByRole('group', { name: 'Sans conseiller en ligne' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(status.textContent).toContain("Personne n’a encore pris votre demande.");
    expect(within(status).getByRole('button', { name: 'Être rappelé' })).toBeTruthy();
    expect(within(status).getByRole('button', { name: 'Réponse par e-mail' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Retour à l’assistant' }) as HTMLButtonElement).disabled).toBe(false);
    emit(es, 'message', { id: 20, sender: 'system', text: 'Julie Martin a rejoint la conversation.', timestamp: at });
    emit(es, 'state', { mode: 'agent', live, available: true });
    expect(status.textContent).toBe('');
    const dialog = screen.getByRole('dialog', { name: 'Julie Martin' });
    expect(within(dialog).getByText('JM')).toBeTruthy();
    expect(within(dialog).getByText('Conseiller • En ligne')).toBeTruthy();
    expect(within(dialog).getAllByText(/Julie Martin a rejoint|Connexion à/)).toHaveLength(1);
  });

  it('while waiting, when every agent has left, says so and offers a callback or an e-mail at once', async () => {
    const waiting = { state: 'waiting' as const, waitingSince: new Date().toISOString(), callbackAfterMs: 120000, agentRead: 0 };
    const { input, es } = await openKept({
      stored: { mode: 'agent', live: waiting, messages: [welcome] },
      reply: async (text) => ({ mode: 'agent', offer: true, messages: [user(6, text)] }),
    });
    expect(screen.getByRole('status').textContent).toContain('En attente d’un conseiller…');
    emit(es, 'state', { mode: 'agent', live: waiting, available: false });
    expect(screen.getByRole('status').textContent).toContain('Aucun conseiller n’est en ligne pour le moment.');
    expect(screen.getByRole('group', { name: 'Sans conseiller en ligne' })).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Allô ?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input.disabled).toBe(false));
    // Nobody answers in an agent's name, nobody « types ».
    expect(texts()).toEqual([welcome.text, 'Allô ?']);
    expect(screen.getByRole('status').textContent).not.toContain('écrit…');
    expect(screen.getByText('Assistant automatique • Aucun conseiller en ligne')).toBeTruthy();
    // « Continuer avec l'assistant » leaves the wait.
    fireEvent.click(screen.getByRole('button', { name: "Continuer avec l’assistant" }));
    await screen.findByText("Vous êtes de nouveau en conversation avec l'assistant.");
  });

  it('shows the visitor’s message and the agent’s answer once, the stream coming before the POST answer', async () => {
    let answer: (ex: Exchange) => void = () => undefined;
    const { input, es } = await openKept({ stored: liveConversation(), reply: () => new Promise((resolve) => { answer = resolve; }) });
    expect(screen.getByRole('dialog', { name: 'Julie Martin' })).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Quelle franchise ?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('status').textContent).toBe('');
    emit(es, 'message', user(6, 'Quelle franchise ?'));
    emit(es, 'message', { id: 7, sender: 'agent', text: 'Elle est de 300 €.', timestamp: at, agent: julie });
    expect(texts().slice(-3)).toEqual(['Bonjour, je suis Julie Martin.', 'Quelle franchise ?', 'Elle est de 300 €.']);
    await act(async () => answer({ mode: 'agent', offer: false, messages: [user(6, 'Quelle franchise ?')] }));
    await waitFor(() => expect(input.disabled).toBe(false));
    expect(texts().slice(-3)).toEqual(['Bonjour, je suis Julie Martin.', 'Quelle franchise ?', 'Elle est de 300 €.']);
    const reply = screen.getByText('Elle est de 300 €.').closest('li') as HTMLElement;
    expect(within(reply).getByText('Julie Martin')).toBeTruthy();
    expect(within(reply).getByText('JM')).toBeTruthy();
    // The other order: the POST answer, then the stream.
    fireEvent.change(input, { target: { value: 'Merci' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(async () => answer({ mode: 'agent', offer: false, messages: [user(8, 'Merci')] }));
    emit(es, 'message', user(8, 'Merci'));
    expect(texts().slice(-2)).toEqual(['Elle est de 300 €.', 'Merci']);
  });

  it('shows the agent typing from the stream, until their message or 6 s without news', async () => {
    const { es } = await openKept({ stored: liveConversation() });
    vi.useFakeTimers();
    emit(es, 'typing', { typing: true, name: 'Julie Martin' });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Julie Martin écrit…');
    act(() => vi.advanceTimersByTime(4000));
    emit(es, 'typing', { typing: true, name: 'Julie Martin' });
    act(() => vi.advanceTimersByTime(5999));
    expect(status.textContent).toBe('Julie Martin écrit…');
    act(() => vi.advanceTimersByTime(1));
    expect(status.textContent).toBe('');
    emit(es, 'typing', { typing: true, name: 'Julie Martin' });
    emit(es, 'message', { id: 9, sender: 'agent', text: 'Voilà.', timestamp: at, agent: julie });
    expect(status.textContent).toBe('');
    emit(es, 'typing', { typing: true, name: 'Julie Martin' });
    emit(es, 'typing', { typing: false, name: 'Julie Martin' });
    expect(status.textContent).toBe('');
  });

  it('marks « Lu » under the visitor’s last message the agent has read', async () => {
    const { es } = await openKept({ stored: liveConversation([user(6, 'un'), user(8, 'deux')]) });
    expect(screen.queryByText('Lu')).toBeNull();
    emit(es, 'read', { upTo: 7 });
    expect(screen.getByText('Lu').closest('li')?.textContent).toContain('un');
    emit(es, 'read', { upTo: 8 });
    expect(screen.getAllByText('Lu')).toHaveLength(1);
    expect(screen.getByText('Lu').closest('li')?.textContent).toContain('deux');
  });

  it('tells the agent that the visitor types, at most every 3 s, and stops on send or 5 s idle', async () => {
    const { calls, input } = await openKept({ stored: liveConversation(), reply: async (text) => ({ mode: 'agent', offer: false, messages: [user(6, text)] }) });
    const typing = () => calls.filter((c) => c.url.endsWith('/typing')).map((c) => (c.body as { typing: boolean }).typing);
    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: 'B' } });
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.change(input, { target: { value: 'Bo' } });
    expect(typing()).toEqual([true]);
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.change(input, { target: { value: 'Bon' } });
    expect(typing()).toEqual([true, true]);
    act(() => vi.advanceTimersByTime(4999));
    expect(typing()).toEqual([true, true]);
    act(() => vi.advanceTimersByTime(1));
    expect(typing()).toEqual([true, true, false]);
    fireEvent.change(input, { target: { value: 'Bonjour' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(typing()).toEqual([true, true, false, true, false]);
    expect(calls.find((c) => c.url.endsWith('/typing'))?.url).toBe('/api/chat/conversations/conv-1/typing');
  });

  it('never tells typing to the assistant', async () => {
    const calls = fakeServer();
    renderWidget();
    const input = await openPanel();
    fireEvent.change(input, { target: { value: 'Bonjour' } });
    expect(calls.filter((c) => c.url.endsWith('/typing'))).toHaveLength(0);
  });

  it('tells the agent what the visitor has read, only while the panel is open', async () => {
    const { calls, es } = await openKept({ stored: liveConversation() });
    const reads = () => calls.filter((c) => c.url.endsWith('/read')).map((c) => (c.body as { upTo: number }).upTo);
    await waitFor(() => expect(reads()).toEqual([5]));
    expect(calls.find((c) => c.url.endsWith('/read'))?.url).toBe('/api/chat/conversations/conv-1/read');
    emit(es, 'message', user(6, 'ma question'));
    emit(es, 'message', { id: 7, sender: 'agent', text: 'Ma réponse', timestamp: at, agent: julie });
    await waitFor(() => expect(reads()).toEqual([5, 7]));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fermer' }));
    emit(es, 'message', { id: 9, sender: 'agent', text: 'Êtes-vous là ?', timestamp: at, agent: julie });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(reads()).toEqual([5, 7]);
    fireEvent.click(screen.getByRole('button', { name: "Ouvrir l’assistant (1 nouveau message)" }));
    await waitFor(() => expect(reads()).toEqual([5, 7, 9]));
  });

  it('counts on the launcher the agent’s messages that came while the panel was closed', async () => {
    const { es } = await openKept({ stored: liveConversation() });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fermer' }));
    emit(es, 'message', { id: 9, sender: 'agent', text: 'Êtes-vous là ?', timestamp: at, agent: julie });
    expect(screen.getByRole('button', { name: "Ouvrir l’assistant (1 nouveau message)" })).toBeTruthy();
    emit(es, 'message', { id: 10, sender: 'agent', text: 'Je reste disponible.', timestamp: at, agent: julie });
    fireEvent.click(screen.getByRole('button', { name: "Ouvrir l’assistant (2 nouveaux messages)" }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fermer' }));
    expect(screen.getByRole('button', { name: "Ouvrir l’assistant" })).toBeTruthy();
    expect(document.querySelector('.chat-launcher-badge')).toBeNull();
  });

  it('polls the messages where the browser has no EventSource', async () => {
    vi.stubGlobal('EventSource', undefined);
    localStorage.setItem(chatStorageKey, 'conv-1');
    const calls = fakeServer({ stored: liveConversation(), polled: [{ id: 9, sender: 'agent', text: 'Je regarde votre contrat.', timestamp: at, agent: julie }] });
    renderWidget();
    await openPanel();
    await screen.findByText('Je regarde votre contrat.');
    expect(calls.map((c) => c.url)).toContain('/api/chat/conversations/conv-1/messages?after=5');
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
