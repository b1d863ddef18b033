/**
 * The geometry of the price-history chart, as plain numbers: scales from time and price to the
 * drawing, round price ticks, evenly spaced time ticks, and an SVG path per series.
 */
export interface ChartPoint {
  time: number;
  price: number;
}

export interface ChartSeries {
  key: string;
  points: readonly ChartPoint[];
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels: left, right, top, bottom. */
  margin: { left: number; right: number; top: number; bottom: number };
}

export interface ChartGeometry {
  x(time: number): number;
  y(price: number): number;
  priceTicks: number[];
  timeTicks: number[];
  paths: { key: string; d: string }[];
  /** The plot area inside the margins. */
  plot: { left: number; right: number; top: number; bottom: number };
}

const DAY = 86_400_000;

/** A round step (1, 2 or 5 × 10^k) that cuts `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0)) return 1;
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Round ticks covering [min, max]: the domain widens to the first and last tick. */
export function priceTicks(min: number, max: number, count = 4): number[] {
  let low = min;
  let high = max;
  if (high - low < 1e-9) {
    const pad = Math.abs(low) * 0.05 || 1;
    low -= pad;
    high += pad;
  }
  const step = niceStep(high - low, count);
  const first = Math.floor(low / step) * step;
  const last = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let value = first; value <= last + step / 2; value += step) ticks.push(Number(value.toFixed(10)));
  return ticks;
}

export function chartGeometry(series: readonly ChartSeries[], box: ChartBox, timeTickCount = 5): ChartGeometry | null {
  const points = series.flatMap((s) => s.points).filter((p) => Number.isFinite(p.time) && Number.isFinite(p.price));
  if (!points.length) return null;
  const times = points.map((p) => p.time);
  const prices = points.map((p) => p.price);
  let start = Math.min(...times);
  let end = Math.max(...times);
  if (end === start) {
    start -= DAY;
    end += DAY;
  }
  const ticks = priceTicks(Math.min(...prices), Math.max(...prices));
  const low = ticks[0]!;
  const high = ticks[ticks.length - 1]!;
  const plot = {
    left: box.margin.left,
    right: box.width - box.margin.right,
    top: box.margin.top,
    bottom: box.height - box.margin.bottom,
  };
  const x = (time: number) => plot.left + ((time - start) / (end - start)) * (plot.right - plot.left);
  const y = (price: number) => plot.bottom - ((price - low) / (high - low)) * (plot.bottom - plot.top);
  const round = (n: number) => Math.round(n * 10) / 10;
  const paths = series
    .map((s) => {
      const sorted = [...s.points]
        .filter((p) => Number.isFinite(p.time) && Number.isFinite(p.price))
        .sort((a, b) => a.time - b.time);
      const d = sorted.map((p, i) => `${i ? 'L' : 'M'}${round(x(p.time))},${round(y(p.price))}`).join(' ');
      return { key: s.key, d };
    })
    .filter((path) => path.d);
  const count = Math.max(2, timeTickCount);
  const timeTicks = Array.from({ length: count }, (_, i) => start + ((end - start) * i) / (count - 1));
  return { x, y, priceTicks: ticks, timeTicks, paths, plot };
}
