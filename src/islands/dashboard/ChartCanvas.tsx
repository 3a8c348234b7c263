import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $theme } from '../../lib/stores/theme.ts';
import type * as Charts from './charts.ts';

type Chart = { destroy(): void };
type ChartsModule = typeof Charts;

export interface ChartCanvasProps {
  /** Describes the chart for screen readers (the canvas itself is an image to them). */
  label: string;
  /** Draws the chart on the canvas with the lazily loaded chart module; called again when `deps` or the theme change. */
  draw: (charts: ChartsModule, canvas: HTMLCanvasElement) => Chart;
  deps: readonly unknown[];
}

/** A canvas whose chart.js code arrives only when a chart is first shown (not in the page's initial script). */
export default function ChartCanvas({ label, draw, deps }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The chart takes its colours from the theme's custom properties when it is drawn.
  const theme = useStore($theme);
  useEffect(() => {
    let chart: Chart | undefined;
    let active = true;
    import('./charts.ts')
      .then((charts) => {
        if (active && canvas.current) chart = draw(charts, canvas.current);
      })
      .catch((error: unknown) => console.error('Could not load the chart:', error));
    return () => {
      active = false;
      chart?.destroy();
    };
  }, [...deps, theme]);
  return (
    <div className="chart-frame">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
