import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import type { ChatMessage } from '../chat/chat';
import { Transcript } from '../livechat/transcript';
import { fetchRequestConversation } from './api';
import type { DeskRequest } from './types';
import '../livechat/livechat.css';

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; messages: ChatMessage[] };

/**
 * The chat conversation a request was filed from (with no advisor online,
 * the chat offers a callback or a message answered by e-mail): what the
 * visitor asked before, read where the request is worked. Nothing for a
 * request sent from a form.
 */
export function RequestConversation({ request }: { request: DeskRequest }) {
  const id = request.conversationId ? request.id : '';
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    if (!id) return;
    let alive = true;
    setState({ status: 'loading' });
    fetchRequestConversation(id)
      .then((messages) => alive && setState({ status: 'ready', messages }))
      .catch((err: unknown) => alive && setState({ status: 'failed', message: err instanceof ApiError ? err.message : 'La conversation n’a pas pu être chargée.' }));
    return () => {
      alive = false;
    };
  }, [id]);
  if (!id) return null;
  return (
    <section className="card request-conversation" aria-labelledby="conversation-titre">
      <h2 id="conversation-titre">Conversation du chat</h2>
      <p className="muted">La demande a été déposée depuis le chat, sans conseiller en ligne&nbsp;: voici ce que la personne y a écrit.</p>
      {state.status === 'loading' ? <p className="muted" role="status">Chargement de la conversation…</p> : null}
      {state.status === 'failed' ? <p role="alert">{state.message}</p> : null}
      {state.status === 'ready' ? <Transcript messages={state.messages} visitor={request.name || 'Visiteur'} visitorRead={0} typing={false} /> : null}
    </section>
  );
}
