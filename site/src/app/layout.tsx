import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router-dom';
import { Navbar } from '../components/navbar';
import { island } from '../lib/island';
// An island's stylesheet goes with the frame, inlined in every prerendered page:
// its HTML is styled before its code is in, and no stylesheet is fetched after.
import '../features/chat/chat-widget.css';
import { Loading } from '../components/loading';
import { pageTitle } from '../lib/page-title';
import { loadDescription, type RouteHandle } from '../lib/routes';
import { useSession, type SessionUser } from '../lib/session';
import { isStaffPage, loadStaffFrame, staffFrameLoaded } from './staff-frame-loader';

function useDocumentMeta() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const first = useRef(true);
  useEffect(() => {
    if (!handle) return;
    const { entry } = handle;
    document.title = pageTitle(entry.title, entry.path === '/');
    const meta = document.querySelector('meta[name="description"]');
    // The first page's description is the server's; a later one comes with its chunk.
    if (first.current || !meta) {
      first.current = false;
      return;
    }
    let current = true;
    void loadDescription(entry.path).then((d) => { if (current) meta.setAttribute('content', d); }, () => {});
    return () => { current = false; };
  }, [handle]);
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

const Footer = island(() => import('../components/footer').then((m) => m.Footer));
const ChatWidget = island(() => import('../features/chat/chat-widget').then((m) => m.ChatWidget));

const LazyStaffFrame = lazy(() => loadStaffFrame().then((m) => ({ default: m.StaffFrame })));

/**
 * The staff's frame around a page: at once when the page's loader already
 * loaded it (requireSession does for staff pages), else once its chunk is in.
 */
function StaffLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const mod = staffFrameLoaded();
  if (mod) return <mod.StaffFrame user={user}>{children}</mod.StaffFrame>;
  return (
    <Suspense fallback={<Loading />}>
      <LazyStaffFrame user={user}>{children}</LazyStaffFrame>
    </Suspense>
  );
}

/**
 * The frame of every page: skip link, navigation bar, the page, footer, the
 * chat; or, on the broker's pages seen by staff, the staff's working frame
 * (their desks, no sales menu, no visitor's chat).
 */
export function Layout() {
  useReadyMark();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const user = useSession()?.user;
  useDocumentMeta();
  const main = (
    <main id="contenu" className="page" tabIndex={-1}>
      {navigation.state === 'loading' ? <Loading overlay /> : null}
      <Outlet />
    </main>
  );
  if (user && isStaffPage(user, pathname)) return <StaffLayout user={user}>{main}</StaffLayout>;
  return (
    <>
      <a className="skip-link" href="#contenu">Aller au contenu</a>
      <Navbar />
      {main}
      <Footer />
      <ChatWidget />
    </>
  );
}
