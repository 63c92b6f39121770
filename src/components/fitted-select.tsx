/**
 * A native <select> whose closed face wraps the chosen option's label over as many lines
 * as it needs. Long labels (date, opponent, state) stay readable on a 390 px phone,
 * where a plain select cuts them off at its edge. The select itself stays the control —
 * keyboard, screen readers and the phone's own picker — laid invisibly over the face,
 * which only draws its value.
 */
import type { SelectHTMLAttributes } from 'react';
import { ChevronDownIcon } from './icons';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  /** The text the closed select shows: the chosen option's label, or the prompt. */
  face: string;
};

export function FittedSelect({ face, className, children, ...select }: Props) {
  return (
    <div className={className ? `fitted-select ${className}` : 'fitted-select'}>
      <select {...select} className="fitted-select-control">
        {children}
      </select>
      <span className="fitted-select-face" aria-hidden="true">
        <span>{face}</span>
        <ChevronDownIcon size={20} />
      </span>
    </div>
  );
}
