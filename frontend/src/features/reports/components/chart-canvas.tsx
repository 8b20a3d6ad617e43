import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import type { ChartSpec } from './report-chart';

// Only what the reports draw (bars, a line, two axes, tooltips, the legend): Chart.js tree-shakes the rest.
ChartJS.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

/**
 * Chart.js, loaded with the first chart that scrolls into view (this module is its own chunk, and
 * imports nothing of the page's: numbers come formatted by `value` for tooltips, `tick` for the axis).
 */
export default function ChartCanvas({
  spec,
  value,
  tick,
}: {
  spec: ChartSpec;
  value: (n: number) => string;
  tick: (n: number) => string;
}) {
  const data: ChartData<'bar' | 'line', number[], string> = {
    labels: spec.labels,
    datasets: spec.series.map((s) => ({
      type: s.line ? 'line' : 'bar',
      label: s.label,
      data: s.data,
      backgroundColor: s.colour,
      borderColor: s.colour,
      order: s.line ? 0 : 1,
    })),
  };
  const options: ChartOptions<'bar' | 'line'> = {
    locale: 'es-AR',
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: { stacked: spec.stacked, grid: { display: false } },
      y: {
        stacked: spec.stacked,
        beginAtZero: true,
        ticks: { precision: 0, callback: (v) => tick(Number(v)) },
      },
    },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12 } },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${value(Number(item.raw))}` } },
    },
  };
  return <Chart type="bar" data={data} options={options} />;
}
