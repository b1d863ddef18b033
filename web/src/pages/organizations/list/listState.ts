import { type Paging, readPaging, setParam, writeListParams } from '../../../components/list/listParams.ts';
import { type OrganizationSort, organizationSort } from '../organizationSort.ts';

const SORTS: readonly OrganizationSort[] = ['NAME_ASC', 'NAME_DESC', 'CREATED_AT_ASC', 'CREATED_AT_DESC'];
const DEFAULT_SORT: OrganizationSort = 'NAME_ASC';

/** The organizations list's search, sort and page in the address: `q`, `sort`, `page`, `pageSize`. */
export interface OrganizationListState extends Paging {
  search: string;
  sort: OrganizationSort;
}

export function readListState(params: URLSearchParams): OrganizationListState {
  const sort = params.get('sort') ?? '';
  return {
    search: (params.get('q') ?? '').trim().slice(0, 200),
    sort: SORTS.includes(sort as OrganizationSort) ? (sort as OrganizationSort) : DEFAULT_SORT,
    ...readPaging(params),
  };
}

/** The address after a change: defaults left out, other parameters kept; a search or sort change goes back to page 1. */
export function writeListState(current: URLSearchParams, change: Partial<OrganizationListState>): URLSearchParams {
  return writeListParams(current, change, readListState, (params, next) => {
    setParam(params, 'q', next.search.trim());
    setParam(params, 'sort', next.sort === DEFAULT_SORT ? undefined : next.sort);
  });
}

/** The organizationList arguments of the state (paging is added by the data provider). */
export function listArguments(state: OrganizationListState): { search?: string; sort: OrganizationSort } {
  return { ...(state.search ? { search: state.search } : {}), sort: state.sort };
}

/** The table's sorter (column and antd order) as the API's sort; the default when none is chosen. */
export function sortOf(column: string | undefined, order: 'ascend' | 'descend' | null | undefined): OrganizationSort {
  if (!column || !order) return DEFAULT_SORT;
  return organizationSort([{ field: column, order: order === 'descend' ? 'desc' : 'asc' }]);
}

/** The order a column shows for the state's sort (null on the other columns). */
export function columnOrder(sort: OrganizationSort, column: 'name' | 'createdAt'): 'ascend' | 'descend' | null {
  return sortOf(column, 'ascend') === sort ? 'ascend' : sortOf(column, 'descend') === sort ? 'descend' : null;
}
