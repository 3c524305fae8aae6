/**
 * The brand's mark, the favicon's drawing (public/favicon.svg) inline:
 * as an <img> it cost the page a request and, before the first paint, an
 * SVG document of its own (15–25 ms of main thread on a cold renderer).
 * Decorative: the brand's name is the link's text beside it.
 */
export function BrandMark({ size }: { size: number }) {
  return (
    <svg className="brand-mark" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b4f8a" />
      <path d="M14 42h36M20 34a12 12 0 0 1 24 0" stroke="#fff" strokeWidth="5" fill="none" strokeLinecap="round" />
    </svg>
  );
}
