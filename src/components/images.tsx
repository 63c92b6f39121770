/**
 * Team crests and people's photos from the API's image routes; a broken image falls
 * back to the default picture (spec section 7 "Images").
 *
 * Each is a placeholder of its size (named like the picture for screen readers) until it
 * comes near the visible part of the page (`useNearViewport`), then the picture. So a
 * server-rendered page paints without them and requests none before its script runs: a
 * league's tab holds dozens, and on a slow link their requests competed with the page's
 * own scripts and held back its largest paint. And a phone loads only those
 * in view, a few per frame: each SVG picture is a document it parses, lays out and paints
 * on its main thread. The placeholder is the same markup on the server and in the
 * browser, so hydrating it changes nothing: a picture asking whether the page was
 * hydrated (useSyncExternalStore) made React render every picture again, synchronously,
 * right after hydration (a long task on a phone's CPU).
 */
import { useRef, useState, type CSSProperties, type SyntheticEvent } from 'react';
import { MAX_BOX, MIN_BOX } from '../../api/domain/picture-box';
import { useNearViewport } from '../hooks/use-near-viewport';

const DEFAULT_IMAGE = 'default.jpg';

/** Any character outside word characters, dot or hyphen becomes an underscore. */
export function imageFileName(name: string | null | undefined): string {
  if (!name) return DEFAULT_IMAGE;
  return name.replace(/[^\w.-]/g, '_');
}

export function imageUrl(kind: 'teams' | 'players' | 'coaches', file: string | null | undefined): string {
  return `/api/images/${kind}/${encodeURIComponent(imageFileName(file))}`;
}

/** The square an SVG picture `pixels` wide is drawn in (the server's range). */
const boxOf = (pixels: number) => Math.min(MAX_BOX, Math.max(MIN_BOX, Math.round(pixels)));

/**
 * The sources of a picture shown `size` pixels square. An SVG picture comes as the PNGs
 * the server draws of it, for screens of one, two and three device pixels per pixel: a
 * browser parses and paints an SVG picture on the page's main thread, and decodes a PNG
 * off it. Other pictures come as they are.
 */
export function pictureSources(url: string, size: number): { src: string; srcSet?: string } {
  if (!/\.svg$/i.test(url)) return { src: url };
  return {
    src: `${url}?box=${boxOf(size)}`,
    srcSet: [1, 2, 3].map((density) => `${url}?box=${boxOf(size * density)} ${density}x`).join(', '),
  };
}

function useFallback(kind: 'teams' | 'players' | 'coaches') {
  const [failed, setFailed] = useState(false);
  return {
    failed,
    onError: (event: SyntheticEvent<HTMLImageElement>) => {
      if (failed) return;
      setFailed(true);
      // The drawn sources go too: a browser prefers them to the source.
      event.currentTarget.removeAttribute('srcset');
      event.currentTarget.src = imageUrl(kind, DEFAULT_IMAGE);
    },
  };
}

export function TeamLogo({
  logo,
  name,
  size = 40,
  decorative = false,
}: {
  logo: string | null | undefined;
  name: string;
  size?: number;
  /** Beside the team's written name (a match card): no alternative text to read twice. */
  decorative?: boolean;
}) {
  return (
    <Picture
      kind="teams"
      className="team-logo"
      file={logo}
      alt={decorative ? '' : `${name} crest`}
      size={size}
    />
  );
}

export function PersonPhoto({
  kind,
  photo,
  name,
  size = 48,
}: {
  kind: 'players' | 'coaches';
  photo: string | null | undefined;
  name: string;
  size?: number;
}) {
  return <Picture kind={kind} className="person-photo" file={photo} alt={name} size={size} />;
}

function Picture({
  kind,
  className,
  file,
  alt,
  size,
}: {
  kind: 'teams' | 'players' | 'coaches';
  className: string;
  file: string | null | undefined;
  alt: string;
  size: number;
}) {
  const { onError } = useFallback(kind);
  const placeholder = useRef<HTMLSpanElement>(null);
  const near = useNearViewport(placeholder);
  if (!near) {
    const box = { '--picture-size': `${size}px` } as CSSProperties;
    return alt === '' ? (
      <span ref={placeholder} className={className} style={box} aria-hidden="true" />
    ) : (
      <span ref={placeholder} className={className} style={box} role="img" aria-label={alt} />
    );
  }
  return (
    <img
      className={className}
      {...pictureSources(imageUrl(kind, file), size)}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      onError={onError}
    />
  );
}
