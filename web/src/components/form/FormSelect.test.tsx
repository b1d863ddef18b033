import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormSelect } from './FormSelect.tsx';

/** The outer element of the select a required field draws, with its attributes. */
function outerSelect(control: ReactNode): string {
  const html = renderToStaticMarkup(
    <Form>
      <Form.Item name="plan" label="Plan" rules={[{ required: true }]}>
        {control}
      </Form.Item>
    </Form>,
  );
  return /<div[^>]*class="[^"]*\bant-select\b[^"]*"[^>]*>/.exec(html)?.[0] ?? '';
}

describe('FormSelect', () => {
  it('keeps a required field’s aria-required off its outer element, where antd’s Select puts it', () => {
    expect(outerSelect(<Select options={[{ value: 'a', label: 'A' }]} />)).toContain('aria-required');
    const outer = outerSelect(<FormSelect options={[{ value: 'a', label: 'A' }]} />);
    expect(outer).toContain('ant-select');
    expect(outer).not.toContain('aria-required');
  });
});
