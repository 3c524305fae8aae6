import type { ChatMessage } from '../chat/chat';

/**
 * The messages of a and b together, each ID once (b's copy wins: it is
 * the newer word of the server), oldest first. The stream, the answer to
 * a reply and a reload may all bring the same message.
 */
export function mergeMessages(a: readonly ChatMessage[], b: readonly ChatMessage[]): ChatMessage[] {
  if (b.length === 0) return a as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const m of a) byId.set(m.id, m);
  for (const m of b) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/** The ID of the newest message the visitor wrote, 0 if none. */
export function lastVisitorId(messages: readonly ChatMessage[]): number {
  let id = 0;
  for (const m of messages) if (m.sender === 'user') id = m.id;
  return id;
}

/**
 * The newest message written by the agent named, or undefined: the one
 * whose « Lu » the agent watches. Agent messages carry a name, not an
 * account, so the holder's name tells them apart from the previous
 * holder's after a transfer.
 */
export function lastAgentMessage(messages: readonly ChatMessage[], name: string): ChatMessage | undefined {
  let found: ChatMessage | undefined;
  for (const m of messages) if (m.sender === 'agent' && m.agent?.name === name) found = m;
  return found;
}
