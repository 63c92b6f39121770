/**
 * A row of links, one per section of a page, that wraps on a phone: the chosen one is
 * marked as the current page. Each link only changes the address's `?section=`, so
 * Back returns to the section before and a section can be linked to.
 */
import { Link, useSearchParams } from 'react-router-dom';

export interface SectionChoice<K extends string> {
  key: K;
  label: string;
}

/** The section the address names, else the first. */
export function useSection<K extends string>(
  sections: readonly [SectionChoice<K>, ...SectionChoice<K>[]],
): K {
  const [params] = useSearchParams();
  const asked = params.get('section');
  const found = sections.find((section) => section.key === asked);
  return (found ?? sections[0]).key;
}

export function SectionNav<K extends string>({
  label,
  sections,
  current,
}: {
  label: string;
  sections: readonly SectionChoice<K>[];
  current: K;
}) {
  const [params] = useSearchParams();
  // The other query parameters (a chosen league) stay as they are.
  const to = (key: K) => {
    const next = new URLSearchParams(params);
    next.set('section', key);
    return `?${next.toString()}`;
  };
  return (
    <nav className="section-nav" aria-label={label}>
      <ul className="section-nav-list">
        {sections.map((section) => (
          <li key={section.key}>
            <Link
              className="section-nav-link"
              to={to(section.key)}
              aria-current={section.key === current ? 'page' : undefined}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
