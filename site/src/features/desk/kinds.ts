import { quotePanel } from './quote-panel';
import { onlinePanel } from './online-panel';
import { claimPanel } from './claim-panel';
import { complaintPanel } from './complaint-panel';
import { callbackPanel, contactPanel } from './contact-panel';
import type { KindPanel, RequestKind } from './types';

/**
 * The panels of each kind on the staff request page; each kind's module
 * adds its line here. A kind without one shows the shared part only.
 */
export const kindPanels: Partial<Record<RequestKind, KindPanel>> = {
  quote: quotePanel,
  online: onlinePanel,
  complaint: complaintPanel,
  contact: contactPanel,
  callback: callbackPanel,
  claim: claimPanel,
};
