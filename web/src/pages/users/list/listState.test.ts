import { describe, expect, it } from 'vitest';
import { filterVariables } from '../../../providers/data/listVariables.ts';
import { userFilters } from './userFilters.ts';
import { filterChange, listStateReader, readListState, writeListState } from './listState.ts';

const read = (query: string) => readListState(new URLSearchParams(query));
const write = (query: string, change: Parameters<typeof writeListState>[1]) =>
  writeListState(new URLSearchParams(query), change).toString();

describe('the users list state in the address', () => {
  it('reads the defaults from an empty address', () => {
    expect(read('')).toEqual({ email: '', organizationId: '', role: '', state: '', page: 1, pageSize: 20 });
  });

  it('reads every filter and the page', () => {
    expect(read('email=shop%40&organization=org-1&role=Owner&state=disabled&page=3&pageSize=50')).toEqual({
      email: 'shop@',
      organizationId: 'org-1',
      role: 'Owner',
      state: 'disabled',
      page: 3,
      pageSize: 50,
    });
  });

  it.each([
    ['role=Root', { role: '' }],
    ['state=gone', { state: '' }],
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=2x', { page: 1 }],
    ['pageSize=7', { pageSize: 20 }],
    ['email=%20%20', { email: '' }],
  ])('falls back to the default on %s', (query, part) => {
    expect(read(query)).toMatchObject(part);
  });

  it('writes a filter, leaves out defaults and keeps the shell parameters', () => {
    expect(write('owid=w1&locale=cs', { role: 'Editor', state: 'enabled' })).toBe(
      'owid=w1&locale=cs&role=Editor&state=enabled',
    );
    expect(write('role=Editor&page=2', { role: '' })).toBe('');
  });

  it('goes back to page 1 when a filter changes, not when only the page does', () => {
    expect(write('email=a&page=4', { email: 'b' })).toBe('email=b');
    expect(write('email=a&page=4', { email: 'a' })).toBe('email=a&page=4');
    expect(write('email=a', { page: 2 })).toBe('email=a&page=2');
  });

  it('survives a round trip: what is written reads back the same', () => {
    const state = read('email=x%40y&organization=o-2&role=Viewer&state=enabled&page=2&pageSize=100');
    expect(read(writeListState(new URLSearchParams(), state).toString())).toEqual(state);
  });

  it("takes the filter form's values and sends them as the userList arguments", () => {
    const change = filterChange({ email: ' shop@ ', organizationId: undefined, role: 'Owner', state: 'disabled' });
    expect(change).toEqual({ email: 'shop@', organizationId: '', role: 'Owner', state: 'disabled' });
    expect(filterVariables(userFilters({ ...read(''), ...change }))).toEqual({
      email: 'shop@',
      role: 'Owner',
      disabled: true,
    });
  });

  it("applies an address's organization for an Admin only (a non-Admin's form has no such field)", () => {
    const params = new URLSearchParams('organization=org-1&role=Owner&page=2');
    expect(listStateReader(true)(params)).toMatchObject({ organizationId: 'org-1', role: 'Owner', page: 2 });
    expect(listStateReader(false)(params)).toMatchObject({ organizationId: '', role: 'Owner', page: 2 });
    expect(filterVariables(userFilters(listStateReader(false)(params)))).toEqual({ role: 'Owner' });
    expect(filterVariables(userFilters(listStateReader(true)(params)))).toEqual({
      organizationId: 'org-1',
      role: 'Owner',
    });
  });
});
