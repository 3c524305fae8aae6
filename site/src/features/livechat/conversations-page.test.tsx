import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { pageTitle } from '../../lib/page-title';
import type { SessionUser } from '../../lib/session';
import { ConversationsPage } from './conversations-page';
import { fakeChatServer, FakeEventSource, msg, type ChatServer } from './fake-chat-server';
import type { InboxItem, StaffConversation } from './types';

const person = (uid: string, role: SessionUser['role'], name: string): SessionUser => ({
  uid, email: `${uid}@exemple.fr`, displayName: name, role, status: 'active', emailConfirmed: true, twoFactor: true, createdAt: '2026-03-01T09:00:00.000Z', updatedAt: '2026-03-01T09:00:00.000Z',
});
const julie = person('julie', 'agent', 'Julie Martin');

const recent = () => new Date(Date.now() - 3 * 60_000).toISOString();
const item = (id: string, state: InboxItem['state'], extra: Partial<InboxItem> = {}): InboxItem => ({
  id, state, who: { name: '' }, lastMessage: 'Bonjour', lastAt: recent(), unread: 0, ...(state === 'waiting' ? { waitingSince: recent() } : {}), ...extra,
});

const waitingConv = (): StaffConversation => ({
  id: 'w1', state: 'waiting', who: { name: '' }, product: 'car', waitingSince: recent(), visitorRead: 0,
  messages: [msg(1, 'user', 'Je voudrais un conseiller'), msg(2, 'system', 'Un conseiller va vous répondre dans un instant.')],
});
const liveConv = (): StaffConversation => ({
  id: 'm1', state: 'live', who: { uid: 'u9', name: 'Éléonore Dupont', email: 'eleonore@exemple.fr' }, product: 'home',
  agent: { uid: 'julie', name: 'Julie Martin' }, visitorRead: 1,
  messages: [msg(1, 'user', 'Bonjour, une question sur mon habitation'), msg(2, 'agent', 'Je vous écoute.', 'Julie Martin')],
});

function server(extra: Partial<ChatServer> = {}): ChatServer {
  return fakeChatServer({
    inbox: { away: false, available: true, waiting: [item('w1', 'waiting', { product: 'car' })], mine: [item('m1', 'live', { who: { uid: 'u9', name: 'Éléonore Dupont' } })], others: [] },
    conversations: {
      w1: { conversation: waitingConv(), requests: [] },
      m1: { conversation: liveConv(), requests: [{ id: 'R7', ref: 'DV-2026-000007', kind: 'quote', status: 'received', statusLabel: 'Nouvelle' }] },
    },
    canned: [{ id: 1, title: 'Horaires', text: 'Nous sommes ouverts du lundi au vendredi de 9h à 18h.' }, { id: 2, title: 'Rappel', text: 'Un conseiller vous rappelle.' }],
    ...extra,
  });
}

function show(path: string, user = julie) {
  const element = <ConversationsPage user={user} />;
  const router = createMemoryRouter([{ path: '/dashboard/conversations', element }, { path: '/dashboard/conversations/:cid', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const count = (s: ChatServer, call: string) => s.calls.filter((c) => c === call).length;

/** The texts of the transcript, in order. */
function transcript(): string[] {
  const log = screen.getByRole('log');
  return within(log).getAllByRole('listitem').map((li) => li.querySelector('.lc-msg-text, span')?.textContent ?? '');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the conversations page', () => {
  it('takes a waiting conversation; on 409 it shows the server\'s message and reloads', async () => {
    const s = server();
    // Paul was quicker: the take fails, and the agent may no longer read the conversation.
    s.take = () => {
      s.conversations.w1 = { status: 403, error: "Vous n'avez pas accès à cette conversation." };
      s.inbox = { ...s.inbox, waiting: [], others: [item('w1', 'live', { agent: { uid: 'paul', name: 'Paul Roux' } })] };
      return new Response(JSON.stringify({ error: 'Un autre conseiller a déjà pris cette conversation.' }), { status: 409 });
    };
    show('/dashboard/conversations/w1');
    const take = await screen.findByRole('button', { name: 'Prendre la conversation' });
    expect(screen.getByText('Prenez la conversation pour répondre.')).toBeTruthy();
    const inboxCalls = count(s, 'GET /api/chat/inbox');
    fireEvent.click(take);
    expect((await screen.findByText('Un autre conseiller a déjà pris cette conversation.')).getAttribute('role')).toBe('alert');
    expect(s.calls).toContain('POST /api/chat/staff/conversations/w1/take');
    await waitFor(() => expect(count(s, 'GET /api/chat/staff/conversations/w1')).toBe(2));
    await waitFor(() => expect(count(s, 'GET /api/chat/inbox')).toBeGreaterThan(inboxCalls));
    expect(await screen.findByText("Vous n'avez pas accès à cette conversation.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Prendre la conversation' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('region', { name: /^En attente/ }).textContent).toContain('Personne n’attend'));
  });

  it('shows the composer once the conversation is taken', async () => {
    const s = server();
    s.take = () => {
      s.conversations.w1 = { conversation: { ...waitingConv(), state: 'live', agent: { uid: 'julie', name: 'Julie Martin' } }, requests: [] };
      return new Response(JSON.stringify({}), { status: 200 });
    };
    show('/dashboard/conversations/w1');
    fireEvent.click(await screen.findByRole('button', { name: 'Prendre la conversation' }));
    expect(await screen.findByLabelText('Votre réponse')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clore' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retour à l’assistant' })).toBeTruthy();
  });

  it('merges the stream\'s messages by ID: each once, oldest first, only the open conversation\'s', async () => {
    server();
    show('/dashboard/conversations/m1');
    await screen.findByRole('log');
    const es = FakeEventSource.last;
    expect(es.url).toBe('/api/chat/staff/events');
    es.emit('open');
    es.emit('message', { conversationId: 'm1', message: msg(4, 'user', 'Quatrième') });
    es.emit('message', { conversationId: 'm1', message: msg(3, 'user', 'Troisième') });
    es.emit('message', { conversationId: 'm1', message: msg(4, 'user', 'Quatrième') });
    es.emit('message', { conversationId: 'm1', message: msg(2, 'agent', 'Je vous écoute.', 'Julie Martin') });
    es.emit('message', { conversationId: 'w1', message: msg(9, 'user', "D'une autre conversation") });
    expect(transcript()).toEqual(['Bonjour, une question sur mon habitation', 'Je vous écoute.', 'Troisième', 'Quatrième']);
  });

  it('labels the senders: the client\'s name, « Assistant », the agent, system lines apart', async () => {
    server();
    show('/dashboard/conversations/m1');
    await screen.findByRole('log');
    FakeEventSource.last.emit('message', { conversationId: 'm1', message: msg(3, 'bot', 'Voici nos garanties.') });
    FakeEventSource.last.emit('message', { conversationId: 'm1', message: msg(4, 'system', 'Julie Martin a terminé la conversation.') });
    const items = within(screen.getByRole('log')).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('strong')?.textContent ?? '(système)')).toEqual(['Éléonore Dupont', 'Julie Martin', 'Assistant', '(système)']);
    expect(items[3]?.className).toContain('lc-msg-system');
  });

  it('fills the composer with the canned answer chosen, and sends with Entrée (not Maj+Entrée)', async () => {
    const s = server();
    show('/dashboard/conversations/m1');
    const picker = await screen.findByLabelText('Réponse type');
    fireEvent.change(picker, { target: { value: '1' } });
    const area = screen.getByLabelText('Votre réponse') as HTMLTextAreaElement;
    expect(area.value).toBe('Nous sommes ouverts du lundi au vendredi de 9h à 18h.');
    expect((picker as HTMLSelectElement).value).toBe('');
    fireEvent.keyDown(area, { key: 'Enter', shiftKey: true });
    expect(s.calls.filter((c) => c.includes('/messages'))).toEqual([]);
    fireEvent.keyDown(area, { key: 'Enter' });
    await waitFor(() => expect(area.value).toBe(''));
    expect(s.calls).toContain('POST /api/chat/staff/conversations/m1/messages {"text":"Nous sommes ouverts du lundi au vendredi de 9h à 18h."}');
    // The stream brings the same message: it is shown once.
    FakeEventSource.last.emit('message', { conversationId: 'm1', message: msg(100, 'agent', 'Nous sommes ouverts du lundi au vendredi de 9h à 18h.', 'Julie Martin') });
    expect(transcript().filter((t) => t.startsWith('Nous sommes ouverts'))).toHaveLength(1);
  });

  it('empties the field as a reply leaves: the next one, written meanwhile, is neither wiped nor sent first', async () => {
    const s = server();
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    const plain = s.reply;
    s.reply = async (text) => {
      if (text.startsWith('Premier')) await held;
      return plain(text);
    };
    show('/dashboard/conversations/m1');
    const area = (await screen.findByLabelText('Votre réponse')) as HTMLTextAreaElement;
    for (const text of ['Premier point : la franchise.', 'Second point : les garanties.']) {
      fireEvent.change(area, { target: { value: text } });
      fireEvent.keyDown(area, { key: 'Enter' });
      expect(area.value).toBe('');
    }
    fireEvent.change(area, { target: { value: 'Un troisième, pas encore envoyé' } });
    // The second waits for the first's answer.
    await new Promise((r) => setTimeout(r, 20));
    expect(s.calls.filter((c) => c.endsWith('/messages {"text":"Second point : les garanties."}'))).toEqual([]);
    await act(async () => { release(); await held; });
    await waitFor(() => expect(transcript().slice(-2)).toEqual(['Premier point : la franchise.', 'Second point : les garanties.']));
    const posted = s.calls.filter((c) => c.startsWith('POST') && c.includes('/messages'));
    expect(posted.map((c) => c.replace(/^.*"text":"|"}$/g, ''))).toEqual(['Premier point : la franchise.', 'Second point : les garanties.']);
    expect(area.value).toBe('Un troisième, pas encore envoyé');
  });

  it('gives refused replies back in the order written, before what was typed since, with the reason', async () => {
    const s = server();
    s.reply = () => new Response(JSON.stringify({ error: 'Un autre conseiller a pris cette conversation.' }), { status: 409 });
    show('/dashboard/conversations/m1');
    const area = (await screen.findByLabelText('Votre réponse')) as HTMLTextAreaElement;
    for (const text of ['Un', 'Deux']) {
      fireEvent.change(area, { target: { value: text } });
      fireEvent.keyDown(area, { key: 'Enter' });
    }
    fireEvent.change(area, { target: { value: 'Trois' } });
    expect((await screen.findByText('Un autre conseiller a pris cette conversation.')).getAttribute('role')).toBe('alert');
    await waitFor(() => expect(area.value).toBe('Un\nDeux\nTrois'));
    // The refusal stopped the queue: « Deux » was never sent after « Un » failed.
    expect(s.calls.filter((c) => c.startsWith('POST') && c.includes('/messages'))).toHaveLength(1);
    await waitFor(() => expect(count(s, 'GET /api/chat/staff/conversations/m1')).toBe(2));
  });

  it('shows « Le visiteur écrit… » and « Lu » from the stream, and reports what the agent read', async () => {
    const s = server();
    show('/dashboard/conversations/m1');
    await screen.findByRole('log');
    const es = FakeEventSource.last;
    expect(screen.getByText('Envoyé')).toBeTruthy();
    es.emit('typing', { conversationId: 'm1', typing: true });
    expect(screen.getByText('Le visiteur écrit…')).toBeTruthy();
    es.emit('read', { conversationId: 'm1', upTo: 2 });
    expect(screen.getByText('Lu')).toBeTruthy();
    await waitFor(() => expect(s.calls).toContain('POST /api/chat/staff/conversations/m1/read {"upTo":2}'));
    es.emit('message', { conversationId: 'm1', message: msg(5, 'user', 'Merci') });
    expect(screen.queryByText('Le visiteur écrit…')).toBeNull();
    await waitFor(() => expect(s.calls).toContain('POST /api/chat/staff/conversations/m1/read {"upTo":5}'));
  });

  it('shows the context and the client\'s other requests', async () => {
    server();
    show('/dashboard/conversations/m1');
    const context = await screen.findByRole('region', { name: 'Contexte' });
    expect(context.textContent).toContain('Client inscrit');
    expect(within(context).getByRole('link', { name: 'eleonore@exemple.fr' })).toBeTruthy();
    expect(context.textContent).toContain('Assurance habitation');
    expect(within(context).getByRole('link', { name: 'DV-2026-000007' }).getAttribute('href')).toBe('/dashboard/requests/R7');
  });

  it('refetches the inbox once for a burst of `inbox` events', async () => {
    const s = server();
    show('/dashboard/conversations');
    await screen.findByText('Mes conversations', { exact: false });
    const es = FakeEventSource.last;
    es.emit('open');
    await new Promise((r) => setTimeout(r, 350));
    const before = count(s, 'GET /api/chat/inbox');
    es.emit('inbox', {});
    es.emit('inbox', {});
    es.emit('inbox', {});
    expect(count(s, 'GET /api/chat/inbox')).toBe(before);
    await new Promise((r) => setTimeout(r, 350));
    expect(count(s, 'GET /api/chat/inbox')).toBe(before + 1);
  });

  it('counts the waiting conversations in the title, and follows the inbox', async () => {
    const s = server();
    s.inbox = { ...s.inbox, waiting: [item('w1', 'waiting'), item('w2', 'waiting')] };
    show('/dashboard/conversations');
    await waitFor(() => expect(document.title).toBe(`(2) ${pageTitle('Conversations')}`));
    s.inbox = { ...s.inbox, waiting: [] };
    FakeEventSource.last.emit('inbox', {});
    await waitFor(() => expect(document.title).toBe(pageTitle('Conversations')));
  });

  it('has « Alerte sonore » off by default, and remembers it', async () => {
    server();
    show('/dashboard/conversations');
    const sound = await screen.findByRole('switch', { name: 'Alerte sonore' });
    expect((sound as HTMLInputElement).checked).toBe(false);
    fireEvent.click(sound);
    expect((sound as HTMLInputElement).checked).toBe(true);
    expect(localStorage.getItem('courtier:chat-sound')).toBe('on');
  });

  it('says it polls after three stream errors in a row, and stops when the stream opens again', async () => {
    server();
    show('/dashboard/conversations');
    await screen.findByText('Mes conversations', { exact: false });
    const es = FakeEventSource.last;
    es.emit('error');
    es.emit('error');
    expect(screen.queryByText(/Connexion en direct interrompue/)).toBeNull();
    es.emit('error');
    expect(screen.getByText(/Connexion en direct interrompue/)).toBeTruthy();
    es.emit('open');
    expect(screen.queryByText(/Connexion en direct interrompue/)).toBeNull();
  });

  it('sets the agent « Absent »', async () => {
    const s = server();
    show('/dashboard/conversations');
    fireEvent.click(await screen.findByRole('radio', { name: 'Absent' }));
    await waitFor(() => expect(s.calls).toContain('PUT /api/chat/staff/presence {"away":true}'));
    expect((screen.getByRole('radio', { name: 'Absent' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the last click\'s presence when the first click\'s answer comes last', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    const s = server({ hold: (call) => (call.endsWith('{"away":true}') ? held : undefined) });
    show('/dashboard/conversations');
    const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
    fireEvent.click(await screen.findByRole('radio', { name: 'Absent' }));
    fireEvent.click(radio('Disponible'));
    await waitFor(() => expect(s.calls).toContain('PUT /api/chat/staff/presence {"away":false}'));
    await act(async () => { release(); await held; });
    await new Promise((r) => setTimeout(r, 20));
    expect(radio('Disponible').checked).toBe(true);
  });

  it('keeps the presence just chosen when an inbox asked for before it answers after it', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    let holding = false;
    const s = server({ hold: (call) => (holding && call === 'GET /api/chat/inbox' ? held : undefined) });
    show('/dashboard/conversations');
    const absent = (await screen.findByRole('radio', { name: 'Absent' })) as HTMLInputElement;
    // The stream says the inbox changed: it is asked for, and its answer (still « Disponible ») is slow.
    holding = true;
    FakeEventSource.last.emit('inbox', {});
    const before = count(s, 'GET /api/chat/inbox');
    await waitFor(() => expect(count(s, 'GET /api/chat/inbox')).toBe(before + 1));
    holding = false;
    fireEvent.click(absent);
    await waitFor(() => expect(s.calls).toContain('PUT /api/chat/staff/presence {"away":true}'));
    await act(async () => { release(); await held; });
    await new Promise((r) => setTimeout(r, 20));
    expect(absent.checked).toBe(true);
    // The inbox is asked for again, and agrees.
    await waitFor(() => expect(count(s, 'GET /api/chat/inbox')).toBe(before + 2));
    expect(absent.checked).toBe(true);
  });

  it('closes a conversation and goes back to the inbox with a notice', async () => {
    const s = server();
    const router = show('/dashboard/conversations/m1');
    fireEvent.click(await screen.findByRole('button', { name: 'Clore' }));
    expect(await screen.findByText('La conversation est close.')).toBeTruthy();
    expect(s.calls).toContain('POST /api/chat/staff/conversations/m1/close');
    expect(router.state.location.pathname).toBe('/dashboard/conversations');
  });

  it('lets an admin answer in another agent\'s conversation, signed with the admin\'s name', async () => {
    const s = server();
    s.conversations.m1 = { conversation: { ...liveConv(), agent: { uid: 'paul', name: 'Paul Roux' } }, requests: [] };
    show('/dashboard/conversations/m1', person('ada', 'admin', 'Ada Lefèvre'));
    const area = await screen.findByLabelText('Votre réponse');
    expect(screen.getByRole('button', { name: 'Clore' })).toBeTruthy();
    expect(screen.queryByText('Envoyé')).toBeNull(); // Julie's message is not the admin's
    fireEvent.change(area, { target: { value: 'Je complète la réponse de Julie.' } });
    fireEvent.keyDown(area, { key: 'Enter' });
    await waitFor(() => expect(s.calls).toContain('POST /api/chat/staff/conversations/m1/messages {"text":"Je complète la réponse de Julie."}'));
    // Only the holder's reading counts: the admin reports none.
    expect(s.calls.some((c) => c.includes('/read'))).toBe(false);
  });

  it('offers an agent to close or hand back a conversation that waits', async () => {
    server();
    show('/dashboard/conversations/w1');
    expect(await screen.findByRole('button', { name: 'Prendre la conversation' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clore' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retour à l’assistant' })).toBeTruthy();
    expect(screen.queryByLabelText('Votre réponse')).toBeNull();
  });

  it('hands a conversation to another agent from « Transmettre à… »', async () => {
    const s = server();
    show('/dashboard/conversations/m1');
    const select = await screen.findByLabelText('Transmettre à…');
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choisir…', 'Paul Roux']));
    fireEvent.change(select, { target: { value: 'paul' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transmettre' }));
    expect(await screen.findByText('La conversation est transmise à Paul Roux.')).toBeTruthy();
    expect(s.calls).toContain('POST /api/chat/staff/conversations/m1/transfer {"to":"paul"}');
  });
});

describe('polling', () => {
  it('asks every 3 s while on, never when off', async () => {
    vi.useFakeTimers();
    const { renderHook } = await import('@testing-library/react');
    const { usePolling } = await import('./use-staff-stream');
    const tick = vi.fn();
    const { rerender } = renderHook(({ on }) => usePolling(on, tick), { initialProps: { on: false } });
    act(() => { vi.advanceTimersByTime(10_000); });
    expect(tick).not.toHaveBeenCalled();
    rerender({ on: true });
    act(() => { vi.advanceTimersByTime(9_000); });
    expect(tick).toHaveBeenCalledTimes(3);
    rerender({ on: false });
    act(() => { vi.advanceTimersByTime(9_000); });
    expect(tick).toHaveBeenCalledTimes(3);
  });
});
