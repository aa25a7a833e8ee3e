import { Fragment, type ReactNode } from 'react';

/**
 * An email address (or any text holding one) with places to break a line where a reader
 * expects one: after the `@`, and before each dot, so a line never ends on a dot that reads
 * as a full stop. With `overflow-wrap: anywhere` on its element, only a single piece longer
 * than the line is ever broken inside.
 */
export function wrapAddress(text: string): ReactNode {
  const pieces = text.split(/(?<=@)|(?=\.)/);
  return pieces.map((piece, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {piece}
    </Fragment>
  ));
}
