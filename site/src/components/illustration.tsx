import './illustration.css';
import { spriteUrl } from '../illustrations/sprite-url';

/**
 * The viewBox (width, height) of each drawing in src/illustrations: the
 * eight products under their ids of company.json, the home's hero, and the
 * empty states of the signed-in lists. illustration.test.tsx checks that
 * this table and the files agree.
 */
export const illustrations = {
  car: [160, 120],
  home: [160, 120],
  health: [160, 120],
  life: [160, 120],
  pro: [160, 120],
  vtc: [160, 120],
  fleet: [160, 120],
  temp: [160, 120],
  hero: [480, 360],
  'empty-quotes': [160, 120],
  'empty-contracts': [160, 120],
  'empty-claims': [160, 120],
  'empty-conversations': [160, 120],
} as const satisfies Record<string, readonly [number, number]>;

/** The name of a drawing: its file is src/illustrations/NAME.svg, its symbol in the sprite is NAME. */
export type IllustrationName = keyof typeof illustrations;

/** Whether a string (a service id of company.json, say) names a drawing. */
export function isIllustrationName(name: string): name is IllustrationName {
  return Object.hasOwn(illustrations, name);
}

interface IllustrationProps {
  name: IllustrationName;
  className?: string;
  /** Width in CSS pixels; the height follows the drawing's ratio. */
  width?: number;
  /** Height in CSS pixels, when no width is given. */
  height?: number;
}

/**
 * A decorative drawing, hidden from screen readers. It is drawn by <use>
 * from the sprite of every drawing (src/illustrations/sprite.ts), so it
 * costs no JavaScript, one request draws every drawing of a page, cached
 * for all the others, and it takes its colours from the --illu-…
 * properties of illustration.css (both themes). Its width and height
 * attributes keep its place before the file arrives: nothing moves when it does.
 */
export function Illustration({ name, className, width, height }: IllustrationProps) {
  const [vw, vh] = illustrations[name];
  const w = width ?? (height === undefined ? vw : Math.round((height * vw) / vh));
  const h = height ?? Math.round((w * vh) / vw);
  return (
    <svg
      className={className ? `illustration ${className}` : 'illustration'}
      viewBox={`0 0 ${vw} ${vh}`}
      width={w}
      height={h}
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
