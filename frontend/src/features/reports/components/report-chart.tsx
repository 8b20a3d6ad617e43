import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { formatMoney } from '@gym/contracts/format-money';
import { compactMoney, formatCount } from './report-format';
import { centavos } from '@gym/contracts/money';

export interface ChartSpec {
  labels: string[];
  series: { label: string; data: number[]; colour: string; line?: boolean }[];
  stacked?: boolean;
  /** Values are centavos: axes and tooltips read them as pesos. */
  money?: boolean;
}

const ChartCanvas = lazy(() => import('./chart-canvas'));

/** Whether the element has come near the screen (once true, stays true). */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    // Without IntersectionObserver (no browser the gym's staff use) the tables alone tell the numbers.
    if (!el || seen || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

/** A chart that fails (its chunk, the canvas) leaves its box empty: the table beside it still tells the numbers. */
class ChartFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A chart drawn when it scrolls into view. It is a picture of the table beside it, which is what
 * a screen reader reads: the canvas is hidden from assistive technology.
 */
export function ReportChart({ spec, label }: { spec: ChartSpec; label: string }) {
  const [ref, seen] = useSeen<HTMLDivElement>();
  return (
    <div ref={ref} className="position-relative mb-2" style={{ height: '16rem' }} aria-hidden="true" data-chart={label}>
      {seen && (
        <ChartFailed>
          <Suspense fallback={null}>
            <ChartCanvas
              spec={spec}
              value={spec.money ? (n) => formatMoney(centavos(n)) : formatCount}
              tick={spec.money ? (n) => compactMoney(centavos(n)) : formatCount}
            />
          </Suspense>
        </ChartFailed>
      )}
    </div>
  );
}
