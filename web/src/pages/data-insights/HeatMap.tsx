import { Flex, Radio, Typography, theme } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../../a11y/visuallyHidden.ts';
import { AppLink } from '../../components/navigation/AppLink.tsx';
import { type BrandFigures, cellOf, heatMapValue } from './brandTable.ts';
import { formatCount, formatFigure, formatTolerance } from '../../features/insights/format.ts';
import {
  HEAT_MAP_VIEWS,
  type HeatMapView,
  type PriceComparison,
  productsLink,
} from '../../features/insights/insightsState.ts';
import { bandColor, type PriceBand, priceBand, priceIndexDifference } from '../../features/insights/priceScale.ts';

export interface HeatMapProps {
  rows: readonly BrandFigures[];
  total: BrandFigures | null;
  competitors: readonly { id: string; name: string }[];
  view: HeatMapView;
  onView(view: HeatMapView): void;
  tolerance: number;
  /** The snapshot's category and brand filters, which the links carry. */
  category: string;
  brand: string;
}

const COMPARISON_OF: Record<Exclude<HeatMapView, 'INDEX'>, PriceComparison> = {
  CHEAPER: 'CHEAPER',
  SAME: 'SAME',
  PRICIER: 'PRICIER',
};
const LEGEND: PriceBand[] = ['muchCheaper', 'cheaper', 'same', 'pricier', 'muchPricier'];

/**
 * Brand × competitor, each cell filled by its price index (green cheaper → red pricier) and
 * showing the figure of the chosen view with the signed difference from 100 in text, so colour is
 * never the only signal. It is an HTML table with row and column headers, so it is its own table
 * alternative. In a count view every cell links to the products list filtered to that brand,
 * competitor and comparison, whose total is the cell's count.
 */
export function HeatMap({ rows, total, competitors, view, onView, tolerance, category, brand }: HeatMapProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const captionId = useId();
  const viewLabelId = useId();

  const cell = (row: BrandFigures, competitor: { id: string; name: string }, isTotal: boolean) => {
    const figures = cellOf(row, competitor.id);
    const value = heatMapValue(figures, view);
    const band = priceBand(figures && figures.matchedProducts > 0 ? figures.priceIndex : null, tolerance);
    const style = {
      background: bandColor(band, token),
      color: token.colorText,
      textAlign: 'center' as const,
      padding: '6px 10px',
      border: `1px solid ${token.colorBorderSecondary}`,
    };
    if (value === null || !figures) {
      return (
        <td key={competitor.id} style={style}>
          <span aria-hidden="true" title={t('insights.heatMap.noMatched')}>
            —
          </span>
          <span className="visually-hidden" style={VISUALLY_HIDDEN}>
            {t('insights.heatMap.noMatched')}
          </span>
        </td>
      );
    }
    const difference = figures.priceIndex == null ? null : priceIndexDifference(figures.priceIndex, i18n.language);
    const bandText = t(`insights.bands.${band}`);
    const main =
      view === 'INDEX' ? (
        formatFigure(value, i18n.language)
      ) : (
        <AppLink
          to={productsLink({
            brand: isTotal ? brand || undefined : row.brand,
            category: category || undefined,
            competitorId: competitor.id,
            comparison: COMPARISON_OF[view],
            tolerance,
          })}
          style={{ color: token.colorText, textDecoration: 'underline', fontWeight: 600 }}
          aria-label={t(`insights.heatMap.cellLink.${view}`, {
            count: value,
            formatted: formatCount(value, i18n.language),
            brand: isTotal ? t('insights.allBrands') : row.brand,
            competitor: competitor.name,
          })}
          data-testid="heat-map-cell-link"
        >
          {formatCount(value, i18n.language)}
        </AppLink>
      );
    return (
      <td key={competitor.id} style={style} title={bandText}>
        <div>{main}</div>
        {difference && (
          <Typography.Text style={{ fontSize: 12, color: token.colorText }}>
            {difference}{' '}
            <span className="visually-hidden" style={VISUALLY_HIDDEN}>
              {bandText}
            </span>
          </Typography.Text>
        )}
      </td>
    );
  };

  const headerStyle = {
    padding: '6px 10px',
    background: token.colorFillAlter,
    border: `1px solid ${token.colorBorderSecondary}`,
    fontWeight: 600,
  };
  const line = (row: BrandFigures, isTotal: boolean) => (
    <tr key={isTotal ? '\u0000total' : row.brand}>
      <th scope="row" style={{ ...headerStyle, textAlign: 'left' }}>
        {isTotal ? t('insights.allBrands') : row.brand}
      </th>
      {competitors.map((competitor) => cell(row, competitor, isTotal))}
    </tr>
  );

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text id={viewLabelId}>{t('insights.heatMap.show')}</Typography.Text>
        <Radio.Group
          aria-labelledby={viewLabelId}
          optionType="button"
          value={view}
          onChange={(event) => onView(event.target.value as HeatMapView)}
          options={HEAT_MAP_VIEWS.map((value) => ({ value, label: t(`insights.heatMap.views.${value}`) }))}
        />
      </Flex>
      <div style={{ overflowX: 'auto' }}>
        <table
          aria-describedby={captionId}
          style={{ borderCollapse: 'collapse', minWidth: '100%' }}
          data-testid="heat-map"
        >
          <caption id={captionId} style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}>
            {t(`insights.heatMap.caption.${view}`, { tolerance: formatTolerance(tolerance, i18n.language) })}
          </caption>
          <thead>
            <tr>
              <th scope="col" style={{ ...headerStyle, textAlign: 'left' }}>
                {t('insights.columns.brand')}
              </th>
              {competitors.map((competitor) => (
                <th key={competitor.id} scope="col" style={headerStyle}>
                  {competitor.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{rows.map((row) => line(row, false))}</tbody>
          {total && <tfoot>{line(total, true)}</tfoot>}
        </table>
      </div>
      <Flex
        component="ul"
        gap={8}
        wrap
        aria-label={t('insights.heatMap.legend')}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {LEGEND.map((band) => (
          <li
            key={band}
            style={{
              background: bandColor(band, token),
              color: token.colorText,
              padding: '2px 8px',
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: 4,
            }}
          >
            {t(`insights.bands.${band}`)}
          </li>
        ))}
      </Flex>
    </Flex>
  );
}
