import { useClampPage } from './useClampPage.ts';

/**
 * `useClampPage` for a list on Refine's `useTable`: its page, page size, total and request state
 * read from the table, and the table's own page setter (which writes the address when the table
 * keeps its state there).
 */
export function useTableClampPage(table: {
  currentPage: number;
  pageSize: number;
  setCurrentPage: (page: number) => void;
  tableQuery: { data?: { total?: number } | undefined; isFetching: boolean };
}): void {
  useClampPage(
    {
      page: table.currentPage,
      pageSize: table.pageSize,
      total: table.tableQuery.data?.total,
      fetching: table.tableQuery.isFetching,
    },
    table.setCurrentPage,
  );
}
