import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ChatWidget } from './chat-widget';
import { failureReply, type ChatMessage, type Conversation, type Exchange } from '../lib/chat';
import { chatStorageKey } from '../lib/chat-storage';
import { FakeEventSource } from '../lib/chat-test-helpers';
import { setSessionUser } from '../lib/session';

const at = '2026-03-02T13:05:00.000Z';
const welcome: ChatMessage = { id: 1, sender: 'bot', text: 'Bonjour\u00a0! Je peux\u00a0:\n• vous présenter nos assurances', timestamp: at, intent: 'greeting' };
const agent = { name: 'Thomas Lefèvre', avatar: '/chat-agent.svg', role: 'Conseiller en assurance' };

interface FakeServerOptions {
  fail?: boolean;
  known?: boolean;
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
function fakeServer({ fail = false, known = true, delayMs = 0, stored, available = true, reply, polled = [] }: FakeServerOptions = {}) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  let next = 10;
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(init.body as string) : undefined;
    calls.push({ method, url, body });
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
    if (method === 'PUT') {
      return json(200, { mode: body.mode, replyDelayMs: 0, messages: [
        { id: next++, sender: 'system', text: 'Connexion à Thomas Lefèvre...', timestamp: at },
        { id: next++, sender: 'agent', text: 'Bonjour, je suis Thomas.', timestamp: at, agent },
      ] });
    }
    return json(200, { mode: 'bot', replyDelayMs: delayMs, messages: [
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
  fireEvent.click(screen.getByRole('button', { name: "Ouvrir l'assistant" }));
  await screen.findByText(/Je peux/);
  return screen.getByPlaceholderText('Tapez votre message...') as HTMLTextAreaElement;
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
  vi.unstubAllGlobals();
});

describe('ChatWidget', () => {
  it('opens on the greeting with the header of SPEC.md §2, keeps the ID, and closes', async () => {
    const calls = fakeServer();
    renderWidget();
    const input = await openPanel();
    expect(screen.getByRole('dialog', { name: 'Assistant' })).toBeTruthy();
    expect(screen.getByText('En ligne • Prêt à vous aider')).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(screen.getByText('14:05')).toBeTruthy();
    expect(localStorage.getItem(chatStorageKey)).toBe('conv-1');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/chat/conversations', 'GET /api/chat/availability']);
    expect(screen.getByRole('button', { name: "Fermer l'assistant" }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: "Ouvrir l'assistant" }));
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
    expect(screen.getByRole('status').textContent).toContain("L'assistant écrit…");
    await screen.findByText('Notre assurance auto…');
    await waitFor(() => expect(input.disabled).toBe(false));
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/chat/conversations/conv-1/messages', body: { text: 'Une voiture' } });
    expect(screen.getByRole('link', { name: 'Assurance auto et moto' }).getAttribute('href')).toBe('/insurance/car');
    expect(screen.getByRole('status').textContent).toBe('');
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
    const calls = fakeServer();
    renderWidget();
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Parler à un agent' }));
    await screen.findByText('Connexion à Thomas Lefèvre...');
    expect(screen.getByText('Conseiller en assurance')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/chat/conversations/conv-1/mode', body: { mode: 'agent' } });
    expect(screen.getByRole('button', { name: "Retour à l'assistant" })).toBeTruthy();
  });

  it('attaches the conversation at sign-in, and starts a new one at sign-out without the earlier messages', async () => {
    const calls = fakeServer();
    renderWidget();
    const input = await openPanel();
    fireEvent.change(input, { target: { value: 'Mon numéro de contrat' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByText('Notre assurance auto…');
    const marie = { uid: 'u1', email: 'marie@exemple.fr', displayName: 'Marie', role: 'client' as const, status: 'active', createdAt: at, updatedAt: at };
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
