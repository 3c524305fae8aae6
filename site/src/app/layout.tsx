import { useEffect } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router-dom';
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

/** The frame of every page: skip link, navigation bar, the page, footer. */
export function Layout() {
  const navigation = useNavigation();
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
      <ChatWidget />
    </>
  );
}
