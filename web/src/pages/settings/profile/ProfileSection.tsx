import { theme } from 'antd';
import { type ReactNode, useId } from 'react';

/**
 * One titled section of the profile page, drawn like antd's Card (whose tab support would add
 * ~13 kB gzip to the page's first load).
 */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      style={{
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <h2
        id={headingId}
        style={{
          margin: 0,
          padding: `${token.padding}px ${token.paddingLG}px`,
          fontSize: token.fontSizeLG,
          fontWeight: token.fontWeightStrong,
          color: token.colorTextHeading,
          borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        }}
      >
        {title}
      </h2>
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}
