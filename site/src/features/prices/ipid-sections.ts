// The titles of the IPID's nine sections, read from the rating file by
// the IPID pages alone: the price journeys never show them (a view of
// vite.config.ts, so their first JavaScript does not carry them).
import * as view from '../../../../pkg/pricing/rates.json?ipid';
import { typesetAll } from '../../lib/format';
import type { IpidKey } from './rates';

const sections = typesetAll(view.ipidSections as Record<IpidKey, string>);

/** The titles of the nine IPID sections, in order. */
export const ipidSections: { key: IpidKey; title: string }[] = (Object.keys(sections) as IpidKey[])
  .map((key) => ({ key, title: sections[key] }));
