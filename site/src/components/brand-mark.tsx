/**
 * The brand's mark, public/favicon.svg's drawing (a horizon over its
 * line, white on the brand's blue) made by the stylesheet (global.css,
 * .brand-mark): as an <img> it cost the page a request and, before its
 * first paint, an SVG document of its own (15–25 ms of main thread on a
 * cold renderer); as inline SVG, a few hundred bytes in the main chunk,
 * which the price pages' budget of initial JavaScript cannot spare.
 * Decorative: the brand's name is the link's text beside it.
 */
export function BrandMark({ small }: { small?: boolean }) {
  return <span className={small ? 'brand-mark brand-mark-small' : 'brand-mark'} aria-hidden="true" />;
}
