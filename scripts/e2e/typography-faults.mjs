// French typography as the visitor sees it: the faults of a page's visible
// text (typography.test.mjs on every page, subscription.test.mjs on the
// client's contracts).
import { company } from './helpers.mjs';

/** What must not appear in composed text, each with why. */
const faults = [
  [/\d [\d\p{L}€%]/u, 'an ordinary space after a number'],
  [/ [:;!?%€»]/, 'an ordinary space before a sign'],
  [/« /, 'an ordinary space after «'],
  [/\.\.\./, 'three dots instead of …'],
  [new RegExp(`\\b(de|que) ${company.name}`), 'the name not elided'],
];

/**
 * The faults in the visible text of the page: text nodes outside what the
 * visitor typed (messages, form values).
 */
export async function typographyFaults(page) {
  const texts = await page.evaluate(() => {
    const skip = 'script, style, textarea, .quote-message, .chat-message-user';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const out = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.parentElement && !n.parentElement.closest(skip) && n.textContent.trim()) out.push(n.textContent);
    }
    return out;
  });
  const found = [];
  for (const text of texts) {
    for (const [re, why] of faults) {
      const m = re.exec(text);
      if (m) found.push(`${why}: « ${text.slice(Math.max(0, m.index - 25), m.index + 10)} »`);
    }
  }
  return found;
}

