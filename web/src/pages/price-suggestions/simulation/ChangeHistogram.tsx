import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { ChangeBucket } from './histogram.ts';
import { histogramRows } from './histogram.ts';

/**
 * The simulation's histogram: how many products each range of price change (in percent of the
 * current price) holds. Drawn with recharts, which only the pages drawing charts load; the
 * same figures are offered as a table beside it (SimulationPanel).
 */
export function ChangeHistogram({ buckets }: { buckets: readonly ChangeBucket[] }) {
  const { t, i18n } = useTranslation();
  const rows = histogramRows(buckets, i18n.language);
  return (
    <figure aria-label={t('priceSuggestions.simulation.histogram')} style={{ margin: 0, width: '100%', height: 280 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} width={48} />
          <Tooltip formatter={(value) => [value, t('priceSuggestions.simulation.products')]} />
          <Bar
            dataKey="count"
            fill="#1677ff"
            isAnimationActive={false}
            name={t('priceSuggestions.simulation.products')}
          />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
