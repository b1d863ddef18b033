import { Typography, theme } from 'antd';
import type { TitleProps } from 'antd/es/typography/Title';

type Level = 1 | 2 | 3 | 4 | 5;

export interface HeadingProps extends Omit<TitleProps, 'level'> {
  /** Its place in the page's outline: the page title is the one h1, its sections h2, theirs h3. */
  level: Level;
  /** The size it is drawn at, as antd's title of that level; its outline level by default. */
  looksLike?: Level;
}

/**
 * A heading whose outline level and drawn size are set apart (issue 20: one h1 per page, sections
 * in order), so a page title drawn at antd's level-2 size is still the page's h1.
 */
export function Heading({ level, looksLike = level, style, ...props }: HeadingProps) {
  const { token } = theme.useToken();
  const size =
    looksLike === level
      ? undefined
      : {
          fontSize: token[`fontSizeHeading${looksLike}`],
          lineHeight: token[`lineHeightHeading${looksLike}`],
        };
  return <Typography.Title level={level} style={{ ...size, ...style }} {...props} />;
}
