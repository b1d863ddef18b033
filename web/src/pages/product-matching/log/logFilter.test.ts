import { describe, expect, it } from 'vitest';
import { logExportFileName, logFilterVariables, nextDay, readLogFilter, writeLogFilter } from './logFilter.ts';

describe('matching log filter', () => {
  it('reads valid values and drops the rest', () => {
    const state = readLogFilter(
      new URLSearchParams(
        'status=MATCHED&source=QUEUE&event=MATCH&actor=automatic&from=2026-01-02&to=bad&page=2&competitor=c1',
      ),
    );
    expect(state).toEqual({
      competitor: 'c1',
      product: '',
      status: 'MATCHED',
      source: 'QUEUE',
      event: 'MATCH',
      actor: 'automatic',
      from: '2026-01-02',
      to: '',
      page: 2,
    });
    expect(readLogFilter(new URLSearchParams('status=DONE&source=x&actor=someone'))).toMatchObject({
      status: null,
      source: null,
      actor: null,
    });
  });

  it('writes changes back to page 1 and keeps owid', () => {
    const written = writeLogFilter(new URLSearchParams('owid=w&page=3'), { status: 'SKIPPED' });
    expect(written.toString()).toBe('owid=w&status=SKIPPED');
    expect(writeLogFilter(written, { page: 2 }).toString()).toBe('owid=w&status=SKIPPED&page=2');
  });

  it('becomes the API filter: "me" by id, automatic, the last day included', () => {
    const state = readLogFilter(new URLSearchParams('actor=me&from=2026-02-27&to=2026-02-28'));
    expect(logFilterVariables(state, 'u1')).toEqual({ actorId: 'u1', from: '2026-02-27', to: '2026-03-01' });
    expect(logFilterVariables(readLogFilter(new URLSearchParams('actor=automatic')), 'u1')).toEqual({
      automatic: true,
    });
    expect(logFilterVariables(readLogFilter(new URLSearchParams('')), 'u1')).toBeNull();
  });

  it('counts days across months and years', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  it('names the export by day', () => {
    expect(logExportFileName(new Date(2026, 2, 5, 13))).toBe('matching-log-2026-03-05.csv');
  });
});
