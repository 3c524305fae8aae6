import { ConversationsPage } from '../features/livechat/conversations-page';
import { StaffOnly } from '../features/desk/staff-only';
import '../features/desk/desk.css';

/** /dashboard/conversations and /dashboard/conversations/:cid: the live chat of agents and admins. */
export default function ConversationsRoute() {
  return <StaffOnly>{(user) => <ConversationsPage user={user} />}</StaffOnly>;
}
