import { type HttpError, useCan, useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  PriceRuleCompetitorChoicesQuery,
  PriceRuleCreateMutation,
  PriceRuleInput,
} from '../../../graphql/operations.ts';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { COMPETITOR_CHOICES_QUERY, PRICE_RULE_CREATE_MUTATION, PRICE_RULE_UPDATE_MUTATION } from '../queries.ts';
import { SimulationPanel } from '../simulation/SimulationPanel.tsx';
import { ProductPreview } from './ProductPreview.tsx';
import { ruleFieldErrorText } from './fieldErrors.ts';
import { fieldPathOf, type RuleFormValues, ruleInputOf } from './ruleForm.ts';
import { BoundsSection } from './sections/BoundsSection.tsx';
import { type CompetitorChoice, CompetitorsSection } from './sections/CompetitorsSection.tsx';
import { ProductsSection } from './sections/ProductsSection.tsx';
import { RoundingSection } from './sections/RoundingSection.tsx';
import { SettingsSection } from './sections/SettingsSection.tsx';
import { StrategySection } from './sections/StrategySection.tsx';

export interface RuleEditorProps {
  organizationWebsiteId: string;
  /** The rule edited; absent for a new one. */
  ruleId?: string;
  initialValues: RuleFormValues;
  /** Competitors the saved rule names (their names, for a reader who may not list competitors). */
  namedCompetitors: CompetitorChoice[];
  canWrite: boolean;
  onSaved: (saved: { id: string; name: string }) => void;
}

/**
 * The rule in sections (Settings, Products with the live preview, Competitors, Strategy, Bounds,
 * Rounding) and its simulation. Saves the whole rule at once; the API's message for a field
 * appears at that field, any other refusal above the form. Read-only without the right to write.
 */
export function RuleEditor({
  organizationWebsiteId,
  ruleId,
  initialValues,
  namedCompetitors,
  canWrite,
  onSaved,
}: RuleEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleFormValues>();
  const [failure, setFailure] = useState<HttpError | null>(null);
  const { mutate, mutation } = useCustomMutation<PriceRuleCreateMutation['priceRuleCreate']>();
  const canListCompetitors = useCan({ resource: 'competitors', action: 'list' }).data?.can === true;
  const { query: competitorQuery } = useCustom<PriceRuleCompetitorChoicesQuery['competitorList']>({
    url: '',
    method: 'get',
    meta: { gqlQuery: COMPETITOR_CHOICES_QUERY, gqlVariables: { organizationWebsiteId } },
    queryOptions: { enabled: canListCompetitors, staleTime: 60_000 },
    errorNotification: false,
  });
  const competitors = useMemo(() => {
    const choices = new Map(namedCompetitors.map((choice) => [choice.value, choice]));
    for (const competitor of competitorQuery.data?.data.data ?? [])
      choices.set(competitor.id, { value: competitor.id, label: competitor.name });
    return [...choices.values()];
  }, [namedCompetitors, competitorQuery.data]);

  const watchedProducts = Form.useWatch('products', form);
  const products = useDebouncedValue(
    useMemo(
      () => ruleInputOf({ ...initialValues, products: watchedProducts ?? initialValues.products }).products,
      [watchedProducts, initialValues],
    ),
    400,
  );
  const productsKey = JSON.stringify(products);
  // A new object only when the filters changed, so the preview asks again only then.
  const stableProducts = useMemo(() => JSON.parse(productsKey) as typeof products, [productsKey]);

  const currentInput = async (): Promise<PriceRuleInput | null> => {
    try {
      await form.validateFields();
    } catch {
      return null;
    }
    return ruleInputOf(form.getFieldsValue(true) as RuleFormValues);
  };

  const save = (values: RuleFormValues) => {
    setFailure(null);
    const input = ruleInputOf({ ...(form.getFieldsValue(true) as RuleFormValues), ...values });
    mutate(
      {
        url: '',
        method: 'post',
        values: input,
        meta: {
          gqlMutation: ruleId ? PRICE_RULE_UPDATE_MUTATION : PRICE_RULE_CREATE_MUTATION,
          gqlVariables: ruleId ? { priceRuleId: ruleId, input } : { organizationWebsiteId, input },
        },
        successNotification: (data) => ({
          type: 'success',
          message: t('priceSuggestions.editor.saved', { name: data?.data.name ?? input.name }),
        }),
        errorNotification: false,
      },
      {
        onSuccess: (data) => onSaved({ id: data.data.id, name: data.data.name }),
        onError: (error) => {
          const all = form.getFieldsValue(true) as RuleFormValues;
          // The API's reason in the console's words (fieldErrors.ts), its English message otherwise.
          const extensions = (error as HttpError & { extensions?: Record<string, unknown> }).extensions;
          const entries = Object.entries((error.errors ?? {}) as Record<string, unknown>).map(([field, message]) => ({
            field,
            text: ruleFieldErrorText(extensions, String(message), t),
          }));
          const fields = entries
            .map(({ field, text }) => ({ name: fieldPathOf(field, all), errors: [text] }))
            .filter((field): field is { name: (string | number)[]; errors: string[] } => field.name !== null);
          if (fields.length) {
            form.setFields(fields as Parameters<typeof form.setFields>[0]);
            form.scrollToField(fields[0]?.name ?? 'name');
          } else if (entries[0]) setFailure({ ...error, message: entries[0].text });
          else setFailure(error);
        },
      },
    );
  };

  const section = (key: string, children: React.ReactNode) => (
    <Card title={t(`priceSuggestions.sections.${key}`)} size="small">
      {children}
    </Card>
  );

  return (
    <Flex vertical gap={16}>
      {!canWrite && <Alert type="info" showIcon message={t('priceSuggestions.editor.readOnly')} />}
      <ApiErrorAlert error={failure} />
      <Form<RuleFormValues>
        form={form}
        name="price-rule"
        layout="vertical"
        initialValues={initialValues}
        disabled={!canWrite}
        onFinish={save}
        scrollToFirstError
      >
        <Flex vertical gap={16}>
          {section('settings', <SettingsSection />)}
          {section(
            'products',
            <>
              <ProductsSection organizationWebsiteId={organizationWebsiteId} disabled={!canWrite} />
              <ProductPreview organizationWebsiteId={organizationWebsiteId} products={stableProducts} />
            </>,
          )}
          {section('competitors', <CompetitorsSection competitors={competitors} />)}
          {section('strategy', <StrategySection competitors={competitors} />)}
          {section('bounds', <BoundsSection />)}
          {section('rounding', <RoundingSection />)}
          {canWrite && (
            <Flex justify="flex-end">
              <Button type="primary" htmlType="submit" loading={mutation.isPending}>
                {t(ruleId ? 'buttons.save' : 'priceSuggestions.editor.create')}
              </Button>
            </Flex>
          )}
        </Flex>
      </Form>
      <Card title={t('priceSuggestions.simulation.title')} size="small">
        <SimulationPanel
          organizationWebsiteId={organizationWebsiteId}
          currentInput={currentInput}
          initialInput={ruleId ? ruleInputOf(initialValues) : null}
        />
      </Card>
    </Flex>
  );
}
