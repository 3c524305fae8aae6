import { quotePanel } from './quote-panel';
import { onlinePanel } from './online-panel';
import { claimPanel } from './claim-panel';
import { complaintPanel } from './complaint-panel';
import { callbackPanel, contactPanel } from './contact-panel';
import type { KindPanel, RequestKind } from './types';

/**
 * The site's part of the kinds' registry: the panels of each kind on the
 * staff request page, each kind's module adding its line here. The kinds
 * themselves, their labels, their lines and the page a client follows
 * them on come from pkg/desk's registry through the API: a kind without
 * a panel shows its lines (KindSection), and needs no line here.
 */
export const kindPanels: Partial<Record<RequestKind, KindPanel>> = {
  quote: quotePanel,
  online: onlinePanel,
  complaint: complaintPanel,
  contact: contactPanel,
  callback: callbackPanel,
  claim: claimPanel,
};
