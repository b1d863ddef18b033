import { theme } from 'antd';
import type { ReactNode } from 'react';

/** A labelled field of the public auth forms, its error below it (laid out like antd's vertical form). */
export function AuthField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? 0 : token.marginLG }}>
      <label
        htmlFor={id}
        style={{ display: 'inline-block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}
      >
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}_help`} role="alert" style={{ color: token.colorError, minHeight: token.marginLG }}>
          {error}
        </div>
      )}
    </div>
  );
}
