/** A list of labelled facts (a <dl>): a fact without a value (null, undefined, '') is left out. */
import type { ReactNode } from 'react';

export function Facts({
  className,
  facts,
}: {
  className: string;
  facts: [label: string, value: ReactNode][];
}) {
  return (
    <dl className={className}>
      {facts
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
