import { Select, type SelectProps } from 'antd';
import type { BaseOptionType, DefaultOptionType, RefSelectProps } from 'antd/es/select';
import { type Ref, useCallback, useEffect, useRef } from 'react';

export type FormSelectProps<V, O extends BaseOptionType | DefaultOptionType> = SelectProps<V, O> & {
  ref?: Ref<RefSelectProps>;
};

/**
 * antd's Select as the control of a Form.Item. A required Form.Item gives its control
 * `aria-required`, and antd 5's Select writes every aria-* property on its outer <div> as well as
 * on its combobox input; on a div without a role the attribute is not allowed (axe
 * aria-allowed-attr, critical; issue 20). This Select keeps it off the div and sets it on the
 * combobox input alone, where a screen reader announces the field as required.
 */
export function FormSelect<V = unknown, O extends BaseOptionType | DefaultOptionType = DefaultOptionType>({
  'aria-required': required,
  ref,
  ...props
}: FormSelectProps<V, O>) {
  const own = useRef<RefSelectProps | null>(null);
  const setRef = useCallback(
    (select: RefSelectProps | null) => {
      own.current = select;
      if (typeof ref === 'function') ref(select);
      else if (ref) ref.current = select;
    },
    [ref],
  );
  const isRequired = required === true || required === 'true';
  useEffect(() => {
    const input = own.current?.nativeElement?.querySelector('input[role="combobox"]');
    if (!input) return;
    if (isRequired) input.setAttribute('aria-required', 'true');
    else input.removeAttribute('aria-required');
  });
  return <Select<V, O> ref={setRef} {...props} />;
}
