import { describe, expect, it } from 'vitest';
import { pagedTableProps, pagingOf } from './pagedTable.ts';

describe('a server-paged table', () => {
  it('shows the page and total of the list, with the page sizes of the address', () => {
    const props = pagedTableProps({ page: 3, pageSize: 50 }, { data: [{ id: 'a' }], total: 120 }, true);
    expect(props.pagination).toEqual({
      current: 3,
      pageSize: 50,
      total: 120,
      pageSizeOptions: ['10', '20', '50', '100'],
    });
    expect(props).toMatchObject({ rowKey: 'id', dataSource: [{ id: 'a' }], loading: true });
  });

  it("takes the pager's page and size, keeping the size it does not give", () => {
    expect(pagingOf({ current: 2, pageSize: 10 }, { page: 1, pageSize: 20 })).toEqual({ page: 2, pageSize: 10 });
    expect(pagingOf({}, { page: 4, pageSize: 50 })).toEqual({ page: 1, pageSize: 50 });
  });
});
