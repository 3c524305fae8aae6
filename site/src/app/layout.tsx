import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router-dom';
import { Navbar } from '../components/navbar';
import { Footer } from '../components/footer';
import { ChatWidget } from '../components/chat-widget';
import { Loading } from '../components/loading';
import { pageTitle } from '../lib/page-title';
import type { RouteHandle } from './router';

function useDocumentMeta() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  useEffect(() => {
    if (!handle) return;
    const { entry } = handle;
    document.title = pageTitle(entry.title, entry.path === '/');
    document.querySelector('meta[name="description"]')?.setAttribute('content', entry.description);
  }, [handle]);
}

/**
 * The pages where staff answer the chat: the visitor's assistant would
 * only stand over their conversation and its context.
 */
function isStaffChatPage(path: string): boolean {
  return /^\/dashboard\/(conversations|canned)(\/|$)/.test(path);
}

/**
 * Marks the document once React has attached to it (hydrated or rendered):
 * index.html holds back a form's submission until then, so a form sent
 * before its script ran is not sent as a plain GET with its fields in the
 * address.
 */
function useReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
}

/** The frame of every page: skip link, navigation bar, the page, footer, the chat. */
export function Layout() {
  useReadyMark();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useDocumentMeta();
  return (
    <>
      <a className="skip-link" href="#contenu">Aller au contenu</a>
      <Navbar />
      <main id="contenu" className="page" tabIndex={-1}>
        {navigation.state === 'loading' ? <Loading overlay /> : null}
        <Outlet />
      </main>
      <Footer />
      {isStaffChatPage(pathname) ? null : <ChatWidget />}
    </>
  );
}
