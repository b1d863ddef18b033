import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCarriedPath } from '../../routes/useCarriedPath.ts';

/**
 * An internal link drawn as a button: one element and one tab stop. A <Button> inside a link is
 * two tab stops and an interactive element nested in another, which assistive technology cannot
 * tell apart (issue 20). Carries `owid` and `locale` like AppLink; a plain click navigates inside
 * the app, a modified one (new tab) is left to the browser.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const carried = useCarriedPath();
  const navigate = useNavigate();
  const href = carried(to);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    void navigate(href);
  };
  return <Button {...props} href={href} onClick={onClick} />;
}
