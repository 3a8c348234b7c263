// Loaded on demand by the dashboard only (never with /login): chart.js with just the pieces the two charts use.
import {
  ArcElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  CategoryScale,
  Filler,
  Tooltip,
  Legend,
  DoughnutController,
  ArcElement,
);

const PALETTE = ['#6f6bff', '#34c77b', '#f2a93b', '#43a8f5', '#f0585e', '#b66bff', '#2fc4c4', '#9aa3b9'];

/** Whole amounts for the axis ("GH₵250"); tooltips keep the pesewas. */
function axisMoney(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GH', { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
  } catch {
    return String(value);
  }
}

function theme() {
  const styles = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
  return { text: read('--text-muted', '#9aa3b9'), grid: read('--border', '#232b3e'), font: read('--font', 'system-ui') };
}

/** The 'Daily Volume' line chart: one line per currency, amounts formatted by `format`. */
export function drawDailyVolume(
  canvas: HTMLCanvasElement,
  labels: string[],
  series: { currency: string; values: number[] }[],
  format: (value: number, currency: string) => string,
): Chart {
  const { text, grid, font } = theme();
  return new Chart(canvas, {
    type: 'line',
    data: {
      labels,
      datasets: series.map((line, index) => ({
        label: line.currency,
        data: line.values,
        borderColor: PALETTE[index % PALETTE.length],
        backgroundColor: `${PALETTE[index % PALETTE.length]}22`,
        fill: index === 0,
        tension: 0.3,
        pointRadius: 2,
        borderWidth: 2,
        // Amounts of different currencies never share an axis: the first currency on the left, the others on the right.
        yAxisID: index === 0 ? 'y' : 'y1',
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { display: series.length > 1, labels: { color: text, font: { family: font } } },
        tooltip: {
          callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw), item.dataset.label ?? 'GHS')}` },
        },
      },
      scales: {
        x: { ticks: { color: text, maxTicksLimit: 8, font: { family: font } }, grid: { color: grid } },
        y: {
          beginAtZero: true,
          // Whole amounts on the axis, and a readable scale while every day is still zero.
          suggestedMax: 100,
          ticks: {
            color: text,
            font: { family: font },
            precision: 0,
            callback: (value) => axisMoney(Number(value), series[0]?.currency ?? 'GHS'),
          },
          grid: { color: grid },
        },
        y1: {
          display: series.length > 1,
          position: 'right',
          beginAtZero: true,
          suggestedMax: 100,
          ticks: {
            precision: 0,
            color: text,
            font: { family: font },
            callback: (value) => (series.length === 2 ? axisMoney(Number(value), series[1]!.currency) : String(value)),
          },
          grid: { drawOnChartArea: false },
        },
      },
    },
  });
}

/** The 'Gateway Usage' doughnut: payment count per gateway. */
export function drawGatewayUsage(canvas: HTMLCanvasElement, labels: string[], counts: number[]): Chart {
  const { text, font } = theme();
  return new Chart(canvas, {
    type: 'doughnut',
    data: {
      labels,
      datasets: [{ data: counts, backgroundColor: labels.map((_, index) => PALETTE[index % PALETTE.length]!), borderWidth: 0 }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      cutout: '62%',
      plugins: { legend: { position: 'bottom', labels: { color: text, font: { family: font }, boxWidth: 12 } } },
    },
  });
}
