import { describe, expect, it } from 'vitest';
import { readUploadAnswer, uploadUrl } from './uploadFeedFile.ts';

describe('the upload route', () => {
  it("puts the file's name in the query", () => {
    expect(uploadUrl('/feeds/f1/upload', 'ceník 2025 & co.csv')).toBe(
      '/feeds/f1/upload?fileName=cen%C3%ADk%202025%20%26%20co.csv',
    );
  });

  it('reads the finished run', () => {
    expect(readUploadAnswer(200, JSON.stringify({ run: { id: 'r1', status: 'SUCCEEDED' } }))).toEqual({
      run: { id: 'r1', status: 'SUCCEEDED' },
    });
  });

  it('reads an error with its code and status', () => {
    const text = JSON.stringify({
      errors: [{ message: 'An import of this feed is running', extensions: { code: 'CONFLICT' } }],
    });
    expect(readUploadAnswer(409, text)).toEqual({
      error: { status: 409, message: 'An import of this feed is running', code: 'CONFLICT' },
    });
  });

  it("keeps a refusal's reason, so the page words it in the user's language", () => {
    const extensions = { code: 'CONFLICT', reason: 'IMPORT_RUNNING', values: {} };
    const text = JSON.stringify({ errors: [{ message: 'An import of this feed is already running', extensions }] });
    expect(readUploadAnswer(409, text)).toEqual({
      error: { status: 409, message: 'An import of this feed is already running', code: 'CONFLICT', extensions },
    });
  });

  it('an answer that is not JSON, or no answer, is an error without a message', () => {
    expect(readUploadAnswer(502, '<html>')).toEqual({ error: { status: 502, message: '', code: undefined } });
    expect(readUploadAnswer(0, '')).toEqual({ error: { status: 0, message: '', code: 'NETWORK' } });
  });
});
