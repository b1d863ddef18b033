import { useCustom } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Empty, Flex } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteLayout } from '../../components/layout/RouteLayout.tsx';
import { useClampPage } from '../../components/list/useClampPage.ts';
import { useResourcePermissions } from '../../components/list/useResourcePermissions.ts';
import { useWebsiteSelection } from '../../components/websitePicker/WebsiteSelection.tsx';
import { ApiErrorAlert } from '../../components/errors/ApiErrorAlert.tsx';
import { BulkReviewBar } from '../../features/pricing/BulkReviewBar.tsx';
import { ProductExportButton } from './list/ProductExportButton.tsx';
import { InsightFilterTags } from './list/InsightFilterTags.tsx';
import { ProductFilters } from './list/ProductFilters.tsx';
import { ProductTable } from './list/ProductTable.tsx';
import { useProductFacets } from '../../features/products/useProductFacets.ts';
import { productFilter } from './listState.ts';
import { PRODUCT_LIST_QUERY, type ProductList } from './queries.ts';
import { useProductListState } from './useProductListState.ts';

const ProductDrawer = lazy(() => import('./detail/ProductDrawer.tsx'));
const SuggestionLogDrawer = lazy(() =>
  import('../../features/pricing/SuggestionLogDrawer.tsx').then((module) => ({
    default: module.SuggestionLogDrawer,
  })),
);

/**
 * /products: the selected website's products with their competitor prices; search, filters,
 * sort and page in the URL; CSV export of exactly what the list shows; a product's detail in a
 * drawer (?product=<id>).
 */
export default function ProductsPage() {
  const { t } = useTranslation();
  const { website } = useWebsiteSelection();
  const [state, update] = useProductListState(website?.id);
  const filter = productFilter(state);
  const { query } = useCustom<ProductList>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: PRODUCT_LIST_QUERY,
      gqlVariables: {
        organizationWebsiteId: website?.id,
        filter,
        sort: state.sort,
        limit: state.pageSize,
        offset: (state.page - 1) * state.pageSize,
      },
    },
    queryOptions: { enabled: Boolean(website), placeholderData: keepPreviousData },
    errorNotification: false,
  });
  const list = query.data?.data;
  const rows = list?.data;
  const { brands, categories } = useProductFacets(website?.id);
  const pagination = list?.meta.pagination;
  // A page past the end shows the last page (not on an estimated total: a large unfiltered list).
  useClampPage({ page: state.page, pageSize: state.pageSize, pagination, fetching: query.isFetching }, (page) =>
    update({ page }, { replace: true }),
  );
  // Price suggestions: reviewed one by one in the drawer, or chosen here and reviewed in bulk.
  const suggestionRules = useResourcePermissions('priceSuggestionRules');
  const canReview = suggestionRules.update;
  const canReadSuggestions = suggestionRules.list;
  const [selected, setSelected] = useState<string[]>([]);
  const [logOpen, setLogOpen] = useState(false);
  const refresh = () => void query.refetch();

  return (
    <RouteLayout
      route="products"
      extra={
        <Flex gap={8} wrap>
          {canReadSuggestions && website && (
            <Button onClick={() => setLogOpen(true)}>{t('priceSuggestions.log.open')}</Button>
          )}
          <ProductExportButton
            website={website}
            filter={filter}
            sort={state.sort}
            total={pagination?.total}
            totalIsEstimate={pagination?.totalIsEstimate ?? false}
          />
        </Flex>
      }
    >
      <ApiErrorAlert error={query.error} />
      <ProductFilters state={state} update={update} brands={brands} categories={categories} />
      <InsightFilterTags websiteId={website?.id} state={state} update={update} />
      {!website ? (
        <Empty description={t('products.list.noWebsite')} />
      ) : (
        <>
          {canReview && (
            <BulkReviewBar
              organizationWebsiteId={website.id}
              selected={selected}
              onDone={() => {
                setSelected([]);
                refresh();
              }}
            />
          )}
          <ProductTable
            rows={rows ?? []}
            total={pagination?.total ?? 0}
            totalIsEstimate={pagination?.totalIsEstimate ?? false}
            loading={query.isFetching}
            state={state}
            update={update}
            selection={canReview ? { keys: selected, onChange: setSelected } : undefined}
          />
        </>
      )}
      {state.product && (
        <Suspense fallback={null}>
          <ProductDrawer
            productId={state.product}
            organizationWebsiteId={website?.id}
            onClose={() => update({ product: null })}
            onChanged={refresh}
          />
        </Suspense>
      )}
      {logOpen && website && (
        <Suspense fallback={null}>
          <SuggestionLogDrawer organizationWebsiteId={website.id} onClose={() => setLogOpen(false)} />
        </Suspense>
      )}
    </RouteLayout>
  );
}
