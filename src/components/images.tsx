/**
 * Team crests and people's photos from the API's image routes; a broken image falls
 * back to the default picture (spec section 7 "Images").
 */
import { useState, type SyntheticEvent } from 'react';

const DEFAULT_IMAGE = 'default.jpg';

/** Any character outside word characters, dot or hyphen becomes an underscore. */
export function imageFileName(name: string | null | undefined): string {
  if (!name) return DEFAULT_IMAGE;
  return name.replace(/[^\w.-]/g, '_');
}

export function imageUrl(kind: 'teams' | 'players' | 'coaches', file: string | null | undefined): string {
  return `/api/images/${kind}/${encodeURIComponent(imageFileName(file))}`;
}

function useFallback(kind: 'teams' | 'players' | 'coaches') {
  const [failed, setFailed] = useState(false);
  return {
    failed,
    onError: (event: SyntheticEvent<HTMLImageElement>) => {
      if (failed) return;
      setFailed(true);
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
  const { onError } = useFallback('teams');
  return (
    <img
      className="team-logo"
      src={imageUrl('teams', logo)}
      alt={decorative ? '' : `${name} crest`}
      width={size}
      height={size}
      loading="lazy"
      onError={onError}
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
  const { onError } = useFallback(kind);
  return (
    <img
      className="person-photo"
      src={imageUrl(kind, photo)}
      alt={name}
      width={size}
      height={size}
      loading="lazy"
      onError={onError}
    />
  );
}
