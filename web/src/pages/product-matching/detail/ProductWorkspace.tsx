import { Col, Empty, Flex, Row } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchingProduct } from '../queries.ts';
import { CandidateGroups } from './CandidateGroups.tsx';
import { ProductPanel } from './ProductPanel.tsx';
import { ProductTimeline } from './ProductTimeline.tsx';

/** What changes with the product: ours (attributes, image, price, timeline) beside its candidates per competitor. */
export const ProductWorkspace = memo(function ProductWorkspace({
  data,
  selected,
  onSelect,
}: {
  data: MatchingProduct;
  selected: number;
  onSelect(index: number): void;
}) {
  const { t } = useTranslation();
  // The timeline is read again when a pair of the product moves (its versions grow with every transition).
  const version = data.competitors.reduce(
    (sum, group) => sum + group.pairs.reduce((inner, pair) => inner + pair.version, 0),
    0,
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Flex vertical gap={16}>
          <ProductPanel product={data.product} />
          <ProductTimeline productId={data.product.id} version={version} />
        </Flex>
      </Col>
      <Col xs={24} lg={16}>
        {data.competitors.length === 0 ? (
          <Empty description={t('matching.detail.noCompetitors')} />
        ) : (
          <CandidateGroups data={data} selected={selected} onSelect={onSelect} />
        )}
      </Col>
    </Row>
  );
});
