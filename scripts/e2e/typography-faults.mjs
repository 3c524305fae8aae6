// French typography as the visitor sees it: the faults of a page's visible
// text (nojs.test.mjs on the public pages, typography.test.mjs on the
// others, subscription.test.mjs on the client's contracts). The rules are
// those of ../typography-rules.mjs, the same as check-typography.mjs over the
// prerendered pages and the copy's vitest: ’ not ', « » not "", … not ...,
// no-break spaces where they are due.
// What the browser sees that those do not is read with exemptions of its own:
// - the text a visitor typed (messages, form values) is not ours to typeset;
// - a text node is read alone, so a sign that starts a node after an inline
//   element ("<b>Note</b>\u00a0:") is judged with the node, not with the
//   element before it (the rules' lookbehinds see nothing before it);
// - the company's name must be elided after « de » and « que », which only
//   shows once company.json's name is put into the text.
import { company } from './helpers.mjs';
import { textAttributes } from '../check-typography.mjs';
import { typographyFaults as textFaults } from '../typography-rules.mjs';

/** What only the rendered page can get wrong, each with why. */
const renderedRules = [
  [new RegExp(`\\b(de|que) ${company.name}`), 'the name not elided'],
];

/**
 * The faults in the visible text of the page: its text nodes and the
 * attributes a visitor sees or hears (alt, title, placeholder,
 * aria-label), outside what the visitor typed (messages, form values).
 */
export async function typographyFaults(page) {
  const texts = await page.evaluate((attributes) => {
    const skip = 'script, style, noscript, template, textarea, .quote-message, .chat-message-user, .desk-kind-text';
    const kept = (el) => el && !el.closest(skip);
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (kept(n.parentElement) && n.textContent.trim()) out.push(n.textContent);
    }
    for (const el of document.body.querySelectorAll(attributes.map((a) => `[${a}]`).join(', '))) {
      if (!kept(el) || el.getAttribute('aria-hidden') === 'true') continue;
      for (const a of attributes) if (el.getAttribute(a)?.trim()) out.push(el.getAttribute(a));
    }
    return out;
  }, textAttributes);
  const found = [];
  for (const text of texts) {
    found.push(...textFaults(text));
    for (const [re, why] of renderedRules) {
      const m = re.exec(text);
      if (m) found.push(`${why}: « ${text.slice(Math.max(0, m.index - 25), m.index + 10)} »`);
    }
  }
  return [...new Set(found)];
}
