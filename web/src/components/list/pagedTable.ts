import type { TablePaginationConfig, TableProps } from 'antd';
import { PAGE_SIZES, type Paging } from './listParams.ts';

/**
 * The props of an antd table showing one page of a server-paged list whose page and page size
 * live in the address (listParams.ts): rows by id, the list's page, its total, the page sizes.
 */
export function pagedTableProps<Row>(
  paging: Paging,
  list: { data: Row[]; total: number | undefined },
  fetching: boolean,
): TableProps<Row> {
  return {
    rowKey: 'id',
    dataSource: list.data,
    loading: fetching,
    scroll: { x: true },
    pagination: {
      current: paging.page,
      pageSize: paging.pageSize,
      total: list.total,
      pageSizeOptions: PAGE_SIZES.map(String),
    },
  };
}

/** The page and page size the table's pager asks for. */
export function pagingOf(pagination: TablePaginationConfig, before: Paging): Paging {
  return { page: pagination.current ?? 1, pageSize: pagination.pageSize ?? before.pageSize };
}
