import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartRow } from './competitorTable.ts';
import { formatDate, formatDay } from '../../components/format/format.ts';
import { formatFigure } from '../../features/insights/format.ts';

/** Line colours from the theme's palette, one per competitor (the legend and the table name them). */
const PALETTE = ['blue', 'orange', 'green', 'purple', 'red', 'cyan', 'magenta', 'gold', 'volcano', 'geekblue'] as const;

/**
 * The daily price index per competitor (100 = same prices). Drawn with recharts, which only this
 * chart's chunk loads (the competitor snapshot loads it when it has points to draw); the page
 * offers the same figures as a table.
 */
export function PriceIndexChart({
  rows,
  competitors,
}: {
  rows: readonly ChartRow[];
  competitors: readonly { id: string; name: string }[];
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const colour = (i: number) =>
    String((token as unknown as Record<string, string>)[`${PALETTE[i % PALETTE.length]}-7`] ?? token.colorPrimary);
  return (
    <figure aria-label={t('insights.chart.label')} style={{ margin: 0, width: '100%', height: 320 }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows as ChartRow[]} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {/* Days as the UI language writes them (5. 11. in Czech); the table and the CSV keep the ISO day. */}
          <XAxis
            dataKey="day"
            tick={{ fontSize: 11 }}
            interval="preserveStartEnd"
            // Days drawn edge to edge ran together ('11. 11. 12. 11.' in Czech): a label is left out
            // rather than drawn within 16 px of the next.
            minTickGap={16}
            tickFormatter={(day: string) => formatDay(Date.parse(day), i18n.language, { utc: true })}
          />
          <YAxis
            width={48}
            domain={['auto', 'auto']}
            tickFormatter={(value: number) => formatFigure(value, i18n.language, { digits: 0 })}
          />
          <ReferenceLine y={100} stroke={token.colorTextTertiary} strokeDasharray="4 4" />
          <Tooltip
            formatter={(value) => formatFigure(Number(value), i18n.language)}
            labelFormatter={(day) => formatDate(String(day), i18n.language, { utc: true })}
          />
          <Legend />
          {competitors.map((competitor, i) => (
            <Line
              key={competitor.id}
              type="monotone"
              dataKey={competitor.id}
              name={competitor.name}
              stroke={colour(i)}
              strokeWidth={2}
              dot={rows.length <= 31}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
