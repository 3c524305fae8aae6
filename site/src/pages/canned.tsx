import { Link } from 'react-router-dom';
import { CannedAdmin } from '../features/livechat/canned-admin';
import { StaffOnly } from '../features/desk/staff-only';
import '../features/desk/desk.css';
import '../features/livechat/livechat.css';

/** /dashboard/canned: the canned answers of the chat, kept by the admins. */
export default function CannedPage() {
  return (
    <StaffOnly roles={['admin']}>
      {() => (
        <>
          <header className="page-header desk-header">
            <div className="container">
              <p className="back-link"><Link to="/dashboard/conversations" viewTransition>← Conversations</Link></p>
              <h1>Réponses types</h1>
              <p>Les textes que les conseillers insèrent d’un clic dans leurs réponses du chat.</p>
            </div>
          </header>
          <section className="section container">
            <CannedAdmin />
          </section>
        </>
      )}
    </StaffOnly>
  );
}
