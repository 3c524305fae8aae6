import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useSession } from '../../lib/session';
import { usePendingMark } from '../../lib/island';
import { NeedsJs } from '../../components/needs-js';
import './chat-widget.css';

const loadPanel = () => import('./chat-panel');
const ChatPanel = lazy(loadPanel);
const panelId = 'assistant-chat';

/** What the launcher adds to its name when the agent wrote while the panel was closed. */
function unreadLabel(count: number): string {
  if (count === 0) return '';
  return count === 1 ? ' (1 nouveau message)' : ` (${count} nouveaux messages)`;
}

/**
 * The chat assistant of every page (SPEC.md §2): a floating button that
 * opens the panel. The panel's code loads on the first open (or when the
 * pointer or the focus reaches the button), so pages do not pay for it.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const pending = usePendingMark();
  const [used, setUsed] = useState(false);
  const [unread, setUnread] = useState(0);
  const launcher = useRef<HTMLButtonElement>(null);
  const session = useSession();

  const close = useCallback(() => {
    setOpen(false);
    launcher.current?.focus();
  }, []);

  function toggle() {
    setUsed(true);
    setOpen((o) => !o);
  }

  return (
    <div className="chat-widget" {...pending}>
      <NeedsJs what="L’assistant en ligne" />
      {used ? (
        <Suspense fallback={open ? <div className="chat-panel-loading">Ouverture de l’assistant…</div> : null}>
          {/* Signing in or out starts over: another person's messages never stay on screen. */}
          <ChatPanel key={session?.user?.uid ?? ''} id={panelId} open={open} onClose={close} onUnread={setUnread} />
        </Suspense>
      ) : null}
      <button
        ref={launcher}
        type="button"
        className="chat-launcher needs-js"
        aria-expanded={open}
        aria-controls={used ? panelId : undefined}
        aria-label={open ? 'Fermer l’assistant' : `Ouvrir l’assistant${unreadLabel(unread)}`}
        onClick={toggle}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        {open ? (
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true"><path fill="currentColor" d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z" /></svg>
        ) : (
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true"><path fill="currentColor" d="M12 3C6.5 3 2 6.8 2 11.5c0 2.4 1.2 4.6 3.1 6.1L4 21l4.2-1.9c1.2.4 2.5.6 3.8.6 5.5 0 10-3.8 10-8.5S17.5 3 12 3zm-4 9.8a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6z" /></svg>
        )}
        {!open && unread > 0 ? <span className="chat-launcher-badge" aria-hidden="true">{unread > 9 ? '9+' : unread}</span> : null}
      </button>
    </div>
  );
}
