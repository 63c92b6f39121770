import type { ReactNode } from 'react';

/** A manager tab's section: its heading, a sentence on what the tab is for, then the tab's content. */
export function TabSection({
  titleId,
  title,
  intro,
  children,
}: {
  titleId: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="manager-tab" aria-labelledby={titleId}>
      <header className="manager-tab-header">
        <h2 id={titleId} className="manager-section-title">
          {title}
        </h2>
        <p className="muted manager-tab-intro">{intro}</p>
      </header>
      {children}
    </section>
  );
}
