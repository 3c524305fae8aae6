import { moduleCache } from '../lib/module-cache';
import type { SessionUser } from '../lib/session';

/** The staff's frame module, once loaded (its own chunk: public pages never load it). */
export type StaffFrameModule = typeof import('./staff-frame');

const staffFrame = moduleCache(() => import('./staff-frame'));

/** Loads the staff's frame once; the loader of a staff page awaits it so the frame shows at once. */
export const loadStaffFrame: () => Promise<StaffFrameModule> = staffFrame.load;

/** The staff's frame module if it is already loaded. */
export const staffFrameLoaded: () => StaffFrameModule | undefined = staffFrame.loaded;

/**
 * Whether path is a staff page for user: the broker's pages (/dashboard and
 * under it) seen by an agent or an admin. A client's /dashboard is their
 * own dashboard and keeps the public frame: the role decides, not the path alone.
 */
export function isStaffPage(user: SessionUser | null | undefined, path: string): boolean {
  return !!user && user.role !== 'client' && (path === '/dashboard' || path.startsWith('/dashboard/'));
}
