import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canSend, failureReply, maxMessageLength } from './chat';
import { chatStorageKey, storeConversation, storedConversation } from './chat-storage';
import { chatReducer, initialChat, settled } from './use-chat';
import { formatTime } from './format';

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

describe('chatReducer', () => {
  const msg = (id: number, text: string) => ({ id, sender: 'bot' as const, text, timestamp: '2026-03-02T13:05:00Z' });

  it('loads, appends, replaces the local message and switches modes', () => {
    let s = chatReducer(initialChat, { type: 'loading' });
    expect(settled(s)).toBe(false);
    s = chatReducer(s, { type: 'loaded', id: 'x', conversation: { mode: 'bot', messages: [msg(1, 'Bonjour')] } });
    expect(settled(s)).toBe(true);
    s = chatReducer(s, { type: 'append', messages: [msg(-1, 'local')] });
    s = chatReducer(s, { type: 'replace', localId: -1, message: msg(2, 'stocké') });
    s = chatReducer(s, { type: 'append', messages: [msg(3, 'Connexion')], mode: 'agent' });
    expect(s.messages.map((m) => m.text)).toEqual(['Bonjour', 'stocké', 'Connexion']);
    expect(s.mode).toBe('agent');
  });

  it('shows the failure reply when the conversation cannot be loaded, and may still send', () => {
    const s = chatReducer(chatReducer(initialChat, { type: 'loading' }), { type: 'failed' });
    expect(s.messages.map((m) => m.text)).toEqual([failureReply]);
    expect(s.messages[0]?.id).toBeLessThan(0);
    expect(settled(s)).toBe(true);
  });
});
