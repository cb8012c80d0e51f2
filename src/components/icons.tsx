/** Inline SVG icons (decorative: the control around them carries the accessible name). */
import type { ReactNode, SVGProps } from 'react';

/** The sizes the stylesheet draws (`.icon` is 24 px; `.icon-N` is N px): no width/height on each <svg>. */
export type IconSize = 14 | 18 | 20 | 24 | 28 | 32 | 72;

type IconProps = Omit<SVGProps<SVGSVGElement>, 'width' | 'height'> & { size?: IconSize };

/**
 * The icons every page's chrome draws more than once (header and footer logo, side bar and footer networks, the
 * share links of the footer and of an article): defined once in <IconSprite> and drawn with <use> (issue 22).
 * Each name is an id in the page; `i-` keeps them apart from the page's own ids.
 */
const spriteShapes = {
  'i-chili': (
    <path d="M14.5 3.2c.3-.9 1.5-1.4 2.3-.8.4.3.3.9-.1 1.1-.5.3-.8.7-.8 1.2 1.6.4 2.8 1.7 2.8 3.4 0 5.8-6.6 12.4-13.5 12.7-1 0-1.4-1.2-.6-1.8 3.2-2.3 5.3-5.6 6-9.4.3-1.8 1.9-3.2 3.8-3.3 0-1.2-.2-2.3.1-3.1Z" />
  ),
  'i-ig': (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
    </>
  ),
  'i-fb': <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5Z" />,
  'i-x': <path d="M4 4l16 16M20 4 4 20" />,
  'i-wa': (
    <>
      <path d="M4 20l1.3-4A8 8 0 1 1 8 18.8Z" />
      <path d="M9 9.5c.5 2 2.5 4 4.5 4.5l1.2-1.2 2 1-.5 1.7c-3.2.3-7.5-3.8-7.2-7.2l1.7-.5 1 2Z" />
    </>
  ),
  'i-mail': (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>
  ),
} satisfies Record<string, ReactNode>;

type SpriteId = keyof typeof spriteShapes;

/**
 * Rendered once at the top of every document's body (the root route): the shapes of the sprite's icons. Hidden,
 * and out of the accessibility tree; the stroke and fill settings come from the <svg class="icon"> that uses them.
 */
export function IconSprite() {
  return (
    <svg className="hidden" aria-hidden="true">
      {Object.entries(spriteShapes).map(([id, shape]) => (
        <symbol key={id} id={id} viewBox="0 0 24 24">
          {shape}
        </symbol>
      ))}
    </svg>
  );
}

/**
 * The stroke settings every icon shares live in the stylesheet (`.icon`, `.icon-solid`), not on each <svg>, and so
 * do their sizes: an article page draws about twenty icons, and their repeated attributes were 2 KB of its HTML
 * (issue 22).
 */
function Svg({
  size = 24,
  children,
  className,
  solid = false,
  sprite,
  ...props
}: IconProps & { solid?: boolean; sprite?: SpriteId; children?: ReactNode }) {
  const classes = `icon${solid ? ' icon-solid' : ''}${size === 24 ? '' : ` icon-${size}`}${className ? ` ${className}` : ''}`;
  return sprite ? (
    <svg aria-hidden="true" className={classes} {...props}>
      <use href={`#${sprite}`} />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={classes} {...props}>
      {children}
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Svg>
);
export const MenuIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Svg>
);
export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);
export const BellIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 9a6 6 0 1 1 12 0c0 6 2.5 7.5 2.5 7.5h-17S6 15 6 9Z" />
    <path d="M10 20a2 2 0 0 0 4 0" />
  </Svg>
);
export const QuoteIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 7H5v6h4v-2c0 2-1 4-4 5M19 7h-4v6h4v-2c0 2-1 4-4 5" />
  </Svg>
);
export const InstagramIcon = (p: IconProps) => <Svg {...p} sprite="i-ig" />;
export const FacebookIcon = (p: IconProps) => <Svg {...p} sprite="i-fb" />;
export const XIcon = (p: IconProps) => <Svg {...p} sprite="i-x" />;
export const WhatsappIcon = (p: IconProps) => <Svg {...p} sprite="i-wa" />;
export const MailIcon = (p: IconProps) => <Svg {...p} sprite="i-mail" />;
export const PhoneIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="6" y="2" width="12" height="20" rx="3" />
    <path d="M11 18h2" />
  </Svg>
);
export const ArrowIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Svg>
);

/** The brand mark: a chili pepper. */
export const ChiliIcon = (p: IconProps) => <Svg {...p} solid sprite="i-chili" />;
