import { useEffect, useRef, useState } from 'react';

/** Bootstrap's fade: 300 ms in and out (SPEC §9). */
export const TRANSITION_MS = 300;

/** Mounted while open or fading out; `shown` adds Bootstrap's `show` class one frame after mounting. */
export function useFade(open: boolean, onExited?: () => void) {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  if (open && !mounted) setMounted(true);
  if (!open && shown) setShown(false);
  const wasOpen = useRef(open);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      const frame = requestAnimationFrame(() => setShown(true));
      return () => cancelAnimationFrame(frame);
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const timer = setTimeout(() => {
      setMounted(false);
      onExited?.();
    }, TRANSITION_MS);
    return () => clearTimeout(timer);
    // onExited is a callback for the end of this transition only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return { mounted, shown };
}
