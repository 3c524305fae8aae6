import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../chat/chat';
import { validateCanned } from './canned-form';
import { lastAgentMessage, lastVisitorId, mergeMessages } from './messages';
import { elide, waitingFor } from './time';
import { reduce, type OpenConversation } from './use-conversation';
import type { StaffConversation } from './types';

const msg = (id: number, sender: ChatMessage['sender'] = 'user', text = `m${id}`, agent?: string): ChatMessage => ({
  id, sender, text, timestamp: '2026-03-10T10:00:00.000Z', ...(agent ? { agent: { name: agent, role: 'Conseiller' } } : {}),
});

describe('mergeMessages', () => {
  it('keeps each ID once, the newer copy, oldest first', () => {
    const merged = mergeMessages([msg(1), msg(3)], [msg(5), msg(3, 'user', 'corrigé'), msg(2), msg(5)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 5]);
    expect(merged[2]?.text).toBe('corrigé');
  });
  it('returns the same list when nothing comes', () => {
    const a = [msg(1)];
    expect(mergeMessages(a, [])).toBe(a);
  });
});

describe('the last messages that matter', () => {
  const list = [msg(1), msg(2, 'agent', 'a', 'Julie Martin'), msg(3, 'agent', 'b', 'Paul Roux'), msg(4, 'user'), msg(5, 'system')];
  it('finds the visitor\'s newest message', () => expect(lastVisitorId(list)).toBe(4));
  it('finds the holder\'s own last message, not the previous holder\'s', () => {
    expect(lastAgentMessage(list, 'Julie Martin')?.id).toBe(2);
    expect(lastAgentMessage(list, 'Paul Roux')?.id).toBe(3);
    expect(lastAgentMessage(list, 'Personne')).toBeUndefined();
  });
});

describe('waitingFor', () => {
  const now = Date.parse('2026-03-10T10:00:00.000Z');
  it.each([
    ['2026-03-10T09:59:40.000Z', 'depuis moins d’une minute'],
    ['2026-03-10T09:57:00.000Z', 'depuis 3\u00a0min'],
    ['2026-03-10T08:00:00.000Z', 'depuis 2\u00a0h'],
    ['2026-03-10T07:55:00.000Z', 'depuis 2\u00a0h\u00a005'],
    ['2026-03-07T10:00:00.000Z', 'depuis 3\u00a0j'],
    ['2026-03-10T10:00:30.000Z', 'depuis moins d’une minute'],
    ['pas une date', ''],
  ])('%s is « %s »', (iso, want) => expect(waitingFor(iso, now)).toBe(want));
});

describe('elide', () => {
  it('leaves a short text whole, on one line', () => expect(elide('Bonjour,\n  je voudrais')).toBe('Bonjour, je voudrais'));
  it('cuts a long text at a word, with « … »', () => {
    const text = 'Je voudrais assurer ma voiture et ma maison, est-ce possible chez vous ?';
    expect(elide(text, 31)).toBe('Je voudrais assurer ma voiture…');
    expect(elide(text, 30)).toBe('Je voudrais assurer ma…');
    expect(elide(text, 46)).toBe('Je voudrais assurer ma voiture et ma maison…');
    expect(elide('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('validateCanned', () => {
  it.each([
    [{ title: '', text: 'x' }, { title: 'Donnez un titre à cette réponse.' }],
    [{ title: '  ', text: '   ' }, { title: 'Donnez un titre à cette réponse.', text: 'Écrivez le texte de la réponse.' }],
    [{ title: 'é'.repeat(80), text: '😀'.repeat(1000) }, {}],
    [{ title: 'é'.repeat(81), text: 'x' }, { title: 'Le titre dépasse 80\u00a0caractères\u00a0: raccourcissez-le.' }],
    [{ title: 'Horaires', text: 'x'.repeat(1001) }, { text: 'Le texte dépasse 1\u00a0000\u00a0caractères\u00a0: raccourcissez-le.' }],
  ])('%j', (draft, want) => expect(validateCanned(draft)).toEqual(want));
});

describe('the open conversation', () => {
  const conv: StaffConversation = { id: 'c1', state: 'live', who: { name: '' }, visitorRead: 2, messages: [msg(1), msg(2)] };
  const start: OpenConversation = { cid: 'c1', status: 'loading', conversation: null, requests: [], messages: [], visitorRead: 0, typing: false, error: '', notFound: false };
  it('keeps a message the stream brought before the conversation loaded', () => {
    let s = reduce(start, { type: 'messages', cid: 'c1', messages: [msg(3)] });
    s = reduce(s, { type: 'loaded', cid: 'c1', conversation: conv, requests: [] });
    expect(s.messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(s.visitorRead).toBe(2);
  });
  it('ignores what concerns another conversation', () => {
    const s = reduce(start, { type: 'messages', cid: 'c2', messages: [msg(3)] });
    expect(s).toBe(start);
  });
  it('stops « écrit… » when the visitor\'s message arrives, and never moves « lu » back', () => {
    let s = reduce(start, { type: 'typing', cid: 'c1', typing: true });
    s = reduce(s, { type: 'messages', cid: 'c1', messages: [msg(4, 'user')] });
    expect(s.typing).toBe(false);
    s = reduce(s, { type: 'read', cid: 'c1', upTo: 9 });
    s = reduce(s, { type: 'read', cid: 'c1', upTo: 4 });
    expect(s.visitorRead).toBe(9);
  });
});
