import { Fragment } from 'react';

/**
 * An e-mail address that wraps where people expect, before "@" and before each ".", never inside a
 * word ("valentina.rodriguez" / "@correo.com"); only a part too long for its line is cut.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className="breakable-email" style={{ wordBreak: 'normal', overflowWrap: 'break-word' }}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
