import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';

/** After a refused submit, focus moves to the field in error, so its message is read out with it. */
export function FocusFirstError() {
  const { submitCount, isValidating, errors } = useFormikContext<Record<string, unknown>>();
  const handled = useRef(submitCount);
  const anchor = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (isValidating || submitCount === handled.current) return;
    handled.current = submitCount;
    const field = Object.keys(errors)[0];
    const form = anchor.current?.closest('form');
    if (field) form?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }, [submitCount, isValidating, errors]);

  return <span ref={anchor} hidden />;
}
