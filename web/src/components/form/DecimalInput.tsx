import { InputNumber, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { decimalSeparator } from '../format/format.ts';

/**
 * A number field with decimals written as the UI language writes them: '1,5' in Czech, '1.5' in
 * English (typing the other separator is read too). The field's own props pass through, so a
 * Form.Item drives it as it drives an InputNumber.
 */
export function DecimalInput(props: InputNumberProps<number>) {
  const { i18n } = useTranslation();
  return <InputNumber<number> decimalSeparator={decimalSeparator(i18n.language)} {...props} />;
}
