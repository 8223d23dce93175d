// An identifier (`learning_rate`, `parameters.optimizer`) that may wrap after its separators
// (`_`, `.`, `/`, `-`) where its box is narrow, so a name wraps at its words instead of being cut.
import { Fragment } from 'react';

export function BreakableText({ text }: { text: string }) {
  const parts = text.split(/(?<=[_./-])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
