/** A screen's header: its title (the page's one h1) and an optional subtitle. */
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  subtitle,
  className,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  className?: string;
}) {
  return (
    <header className={className ? `page-header ${className}` : 'page-header'}>
      <h1 className="page-title">{title}</h1>
      {subtitle !== undefined && subtitle !== null && subtitle !== false && (
        <p className="page-subtitle">{subtitle}</p>
      )}
    </header>
  );
}
