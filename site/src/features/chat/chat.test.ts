import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canSend, failureReply, initials, localMessage, maxId, maxMessageLength, mergeMessages, type ChatMessage, type Live } from './chat';
import { chatStorageKey, storeConversation, storedConversation } from '../../lib/chat-storage';
import { callbackDelay, chatReducer, initialChat, lastReadMessage, settled } from './use-chat';
import { formatTime } from '../../lib/format';

describe('chat rules', () => {
  it('sends only a message with something besides spaces, when no reply is pending (SPEC.md §5)', () => {
    expect(canSend('bonjour', false)).toBe(true);
    expect(canSend('bonjour', true)).toBe(false);
    expect(canSend('', false)).toBe(false);
    expect(canSend(' \n\t ', false)).toBe(false);
    expect(canSend('🙂'.repeat(maxMessageLength), false)).toBe(true);
    expect(canSend('a'.repeat(maxMessageLength + 1), false)).toBe(false);
  });

  it('shows the failure reply of SPEC.md §8, the same text as the Go engine', () => {
    expect(failureReply.replace('\u00a0', ' ')).toBe('Désolé, je rencontre des difficultés techniques. Voulez-vous parler avec un agent ?');
    const go = readFileSync(resolve(process.cwd(), '../pkg/chatbot/replies.go'), 'utf8');
    expect(go).toContain(`"${failureReply.replace('\u00a0', '\\u00a0')}"`);
  });

  it('keeps the conversation ID under its key, and survives a storage that refuses', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
    storeConversation('abc', storage);
    expect(data.get(chatStorageKey)).toBe('abc');
    expect(storedConversation(storage)).toBe('abc');
    storeConversation(null, storage);
    expect(storedConversation(storage)).toBeNull();
    const refusing = { getItem: () => { throw new Error('refusé'); }, setItem: () => { throw new Error('refusé'); }, removeItem: () => { throw new Error('refusé'); } };
    expect(storedConversation(refusing)).toBeNull();
    expect(() => storeConversation('abc', refusing)).not.toThrow();
  });

  it('formats message times as hh:mm, 24-hour, in the Paris time zone', () => {
    expect(formatTime('2026-03-02T13:05:00Z')).toBe('14:05');
    expect(formatTime('2026-07-01T21:09:59.999Z')).toBe('23:09');
    expect(formatTime('2026-01-01T23:00:00Z')).toBe('00:00');
    expect(() => formatTime('hier')).toThrow(RangeError);
  });
});

describe('mergeMessages', () => {
  const at = '2026-03-02T13:05:00Z';
  const msg = (id: number, sender: ChatMessage['sender'] = 'agent', text = `m${id}`): ChatMessage => ({ id, sender, text, timestamp: at });
  const ids = (ms: ChatMessage[]) => ms.map((m) => m.id);

  it('adds each message once, in ascending ID order, whatever order they come in', () => {
    const shown = [msg(1, 'bot'), msg(2, 'user')];
    let out = mergeMessages(shown, [msg(5), msg(3)]);
    expect(ids(out)).toEqual([1, 2, 3, 5]);
    out = mergeMessages(out, [msg(4), msg(5), msg(3)]);
    expect(ids(out)).toEqual([1, 2, 3, 4, 5]);
    expect(mergeMessages(out, [msg(4), msg(5)])).toBe(out);
    expect(mergeMessages(out, [])).toBe(out);
  });

  it('takes the newer copy of a message it already has', () => {
    const out = mergeMessages([msg(1), msg(2)], [{ ...msg(2), text: 'corrigé' }]);
    expect(out.map((m) => m.text)).toEqual(['m1', 'corrigé']);
  });

  it('replaces the visitor’s local message by the stored one: POST answer first, then the stream', () => {
    const mine = localMessage('user', 'Bonjour');
    let out = mergeMessages([msg(1, 'bot'), mine], [msg(2, 'user', 'Bonjour')], mine.id);
    expect(ids(out)).toEqual([1, 2]);
    out = mergeMessages(out, [msg(2, 'user', 'Bonjour')]);
    expect(ids(out)).toEqual([1, 2]);
  });

  it('replaces the visitor’s local message by the stored one: stream first, then the POST answer', () => {
    const mine = localMessage('user', 'Bonjour');
    let out = mergeMessages([msg(1, 'bot'), mine], [msg(2, 'user', 'Bonjour')]);
    expect(ids(out)).toEqual([1, 2]);
    out = mergeMessages(out, [msg(2, 'user', 'Bonjour')], mine.id);
    expect(ids(out)).toEqual([1, 2]);
    expect(out.map((m) => m.text)).toEqual(['m1', 'Bonjour']);
  });

  it('keeps a local message after the stored one it followed, until its stored copy comes', () => {
    const mine = localMessage('user', 'Et la franchise ?');
    // The agent's message 3 comes by the stream while the visitor's is on its way.
    let out = mergeMessages([msg(1, 'bot'), msg(2, 'agent'), mine], [msg(3, 'agent')]);
    expect(ids(out)).toEqual([1, 2, mine.id, 3]);
    // Its stored copy, 4, comes by the stream before the POST answer: found by its text.
    out = mergeMessages(out, [msg(4, 'user', 'Et la franchise ?')]);
    expect(ids(out)).toEqual([1, 2, 3, 4]);
    // The server set its text down otherwise: the POST answer names the local message.
    const other = localMessage('user', 'un');
    const gone = mergeMessages([msg(1), other], [msg(2, 'user', 'autre texte')], other.id);
    expect(ids(gone)).toEqual([1, 2]);
  });

  it('keeps the failure reply and a different local message in their place', () => {
    const failure = localMessage('bot', failureReply);
    const mine = localMessage('user', 'deux');
    const out = mergeMessages([msg(1, 'bot'), failure, msg(2, 'agent'), mine], [msg(3, 'user', 'un')]);
    expect(ids(out)).toEqual([1, failure.id, 2, mine.id, 3]);
  });

  it('never adds a local message (negative or zero ID) from the server', () => {
    expect(ids(mergeMessages([msg(1)], [msg(0), msg(-4)]))).toEqual([1]);
  });

  it('finds the highest stored ID', () => {
    expect(maxId([])).toBe(0);
    expect(maxId([msg(3), localMessage('bot', 'x'), msg(9), msg(4)])).toBe(9);
  });

  it('draws two initials for a real agent without a picture', () => {
    expect(initials('Julie Martin')).toBe('JM');
    expect(initials('Jean-Pierre de la Fontaine')).toBe('JF');
    expect(initials(' émile ')).toBe('É');
  });
});

describe('chatReducer', () => {
  const msg = (id: number, text: string, sender: ChatMessage['sender'] = 'bot') => ({ id, sender, text, timestamp: '2026-03-02T13:05:00Z' });
  const waiting: Live = { state: 'waiting', waitingSince: '2026-03-02T13:05:00Z', callbackAfterMs: 120000, agentRead: 0 };
  const live: Live = { state: 'live', agent: { name: 'Julie Martin', role: 'Conseiller' }, callbackAfterMs: 120000, agentRead: 3 };

  it('loads, appends, replaces the local message and switches modes', () => {
    let s = chatReducer(initialChat, { type: 'loading' });
    expect(settled(s)).toBe(false);
    s = chatReducer(s, { type: 'loaded', id: 'x', conversation: { mode: 'bot', messages: [msg(1, 'Bonjour')] } });
    expect(settled(s)).toBe(true);
    const mine = localMessage('user', 'local');
    s = chatReducer(s, { type: 'append', messages: [mine] });
    s = chatReducer(s, { type: 'merge', localId: mine.id, messages: [msg(2, 'stocké', 'user')] });
    s = chatReducer(s, { type: 'merge', messages: [msg(3, 'Connexion', 'system')], mode: 'agent' });
    expect(s.messages.map((m) => m.text)).toEqual(['Bonjour', 'stocké', 'Connexion']);
    expect(s.mode).toBe('agent');
  });

  it('shows the failure reply when the conversation cannot be loaded, and may still send', () => {
    const s = chatReducer(chatReducer(initialChat, { type: 'loading' }), { type: 'failed' });
    expect(s.messages.map((m) => m.text)).toEqual([failureReply]);
    expect(s.messages[0]?.id).toBeLessThan(0);
    expect(settled(s)).toBe(true);
  });

  it('follows the state the stream tells: waiting, live, back to the assistant', () => {
    let s = chatReducer(initialChat, { type: 'loaded', id: 'x', conversation: { mode: 'bot', messages: [] } });
    s = chatReducer(s, { type: 'state', state: { mode: 'agent', live: waiting, available: true } });
    expect([s.mode, s.live?.state, s.available]).toEqual(['agent', 'waiting', true]);
    expect(chatReducer(s, { type: 'state', state: { mode: 'agent', live: { ...waiting }, available: true } })).toBe(s);
    s = chatReducer(s, { type: 'state', state: { mode: 'agent', live, available: false } });
    expect([s.live?.agent?.name, s.agentRead, s.available]).toEqual(['Julie Martin', 3, false]);
    s = chatReducer(s, { type: 'typing', typing: true, name: 'Julie Martin' });
    expect(s.agentTyping).toBe('Julie Martin');
    s = chatReducer(s, { type: 'state', state: { mode: 'bot', available: false } });
    expect([s.mode, s.live, s.agentTyping, s.agentRead]).toEqual(['bot', null, null, 3]);
  });

  it('shows the agent typing until their message comes or they stop', () => {
    let s = chatReducer(initialChat, { type: 'loaded', id: 'x', conversation: { mode: 'agent', live, messages: [msg(1, 'a')] } });
    s = chatReducer(s, { type: 'typing', typing: true, name: 'Julie Martin' });
    expect(s.agentTyping).toBe('Julie Martin');
    expect(chatReducer(s, { type: 'typing', typing: false, name: 'Julie Martin' }).agentTyping).toBeNull();
    expect(chatReducer(s, { type: 'merge', messages: [msg(1, 'a')] }).agentTyping).toBe('Julie Martin');
    expect(chatReducer(s, { type: 'merge', messages: [msg(2, 'Voici', 'agent')] }).agentTyping).toBeNull();
  });

  it('marks « Lu » under the visitor’s last message the agent has read', () => {
    let s = chatReducer(initialChat, { type: 'loaded', id: 'x', conversation: { mode: 'agent', messages: [msg(1, 'a', 'agent'), msg(2, 'b', 'user'), msg(4, 'c', 'user'), msg(5, 'd', 'user')] } });
    expect(lastReadMessage(s)).toBeNull();
    s = chatReducer(s, { type: 'read', upTo: 4 });
    expect(lastReadMessage(s)).toBe(4);
    expect(chatReducer(s, { type: 'read', upTo: 2 })).toBe(s);
    expect(lastReadMessage(chatReducer(s, { type: 'read', upTo: 9 }))).toBe(5);
  });

  it('offers the callback once callbackAfterMs has passed since waitingSince, whatever the clock says', () => {
    const since = Date.parse(waiting.waitingSince ?? '');
    expect(callbackDelay(null, since)).toBeNull();
    expect(callbackDelay(live, since)).toBeNull();
    expect(callbackDelay(waiting, since + 20_000)).toBe(100_000);
    expect(callbackDelay(waiting, since + 500_000)).toBe(0);
    expect(callbackDelay(waiting, since - 3_600_000)).toBe(120_000);
    expect(callbackDelay({ ...waiting, waitingSince: undefined }, since)).toBe(120_000);
  });
});
