import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  FEED_FIELDS,
  freeFields,
  MAX_COLUMN_LENGTH,
  type MappingProblem,
  mappingProblems,
  type MappingRow,
  REQUIRED_FIELDS,
} from './mapping.ts';

export const fieldLabel = (t: TFunction, field: string) =>
  t(`productFeeds.feedFields.${field}`, { defaultValue: field });

/** A problem of the mapping in the user's language. */
export function mappingProblemText(problem: MappingProblem, t: TFunction): string {
  switch (problem.kind) {
    case 'required':
      return t('productFeeds.mapping.required', {
        fields: problem.fields.map((field) => fieldLabel(t, field)).join(', '),
      });
    case 'duplicate':
      return t('productFeeds.mapping.duplicate', { field: fieldLabel(t, problem.field) });
    case 'noField':
      return t('productFeeds.mapping.noField', { row: problem.row });
    case 'noColumn':
      return t('productFeeds.mapping.noColumn', { field: fieldLabel(t, problem.field) });
    case 'columnTooLong':
      return t('productFeeds.mapping.columnTooLong', { field: fieldLabel(t, problem.field), max: MAX_COLUMN_LENGTH });
  }
}

/**
 * The CSV column mapping: one row per feed field with the header of its column. ID, NAME and
 * PRICE are required; a field is offered once. Checked on submit (mapping.ts), and the API's
 * message about the mapping is shown under it too.
 */
export function MappingEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const rows = (Form.useWatch('columnMapping', form) ?? []) as MappingRow[];
  const free = freeFields(rows);

  return (
    <Form.List
      name="columnMapping"
      rules={[
        {
          validator: async (_, value: MappingRow[] | undefined) => {
            const problems = mappingProblems(value);
            if (problems.length) throw new Error(problems.map((problem) => mappingProblemText(problem, t)).join(' '));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8} role="group" aria-label={t('productFeeds.mapping.title')}>
          <Typography.Text strong>{t('productFeeds.mapping.title')}</Typography.Text>
          <Typography.Text type="secondary">{t('productFeeds.mapping.hint')}</Typography.Text>
          {fields.map(({ key, name }, index) => {
            const field = rows[index]?.field;
            const label = field ? fieldLabel(t, field) : t('productFeeds.mapping.rowLabel', { row: index + 1 });
            return (
              <Flex key={key} gap={8} align="start">
                <Form.Item name={[name, 'field']} noStyle>
                  <Select
                    aria-label={t('productFeeds.mapping.fieldOf', { row: index + 1 })}
                    placeholder={t('productFeeds.mapping.field')}
                    style={{ width: 200 }}
                    options={FEED_FIELDS.map((value) => ({
                      value,
                      label: `${fieldLabel(t, value)}${REQUIRED_FIELDS.includes(value) ? ' *' : ''}`,
                      disabled: value !== field && !free.includes(value),
                    }))}
                  />
                </Form.Item>
                <Form.Item name={[name, 'column']} noStyle>
                  <Input
                    aria-label={t('productFeeds.mapping.columnOf', { field: label })}
                    placeholder={t('productFeeds.mapping.column')}
                    maxLength={MAX_COLUMN_LENGTH + 1}
                    style={{ flex: 1 }}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('productFeeds.mapping.remove', { field: label })}
                  onClick={() => remove(name)}
                />
              </Flex>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={free.length === 0}
            onClick={() => add({ field: free[0], column: '' })}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('productFeeds.mapping.add')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}
