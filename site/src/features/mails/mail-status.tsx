import { statusLabels, type MailStatus } from './api';

/** The state of a mail as a pill: the words carry it, the colour makes it stand out. */
export function MailStatusPill({ status }: { status: MailStatus }) {
  return <span className={`status-pill mail-status mail-status-${status}`}>{statusLabels[status]}</span>;
}
