'use client';

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import { useTranslations } from 'next-intl';
import { checkIdNumber, GUARANTORS_MAX, normalIdNumber } from '@/lib/resources/intake';
import { useCall } from '@/components/approval/use-call';
import { GUARANTEE_METHODS, type GuaranteeMethod } from '@/lib/workflow/stages';
import { PersonFields, useIntakeRules } from './person-fields';
import '@/styles/antd/radio.generated.css';

/** The house a mortgage loan pledges. */
function HouseFields() {
  const t = useTranslations('intake');
  const rules = useIntakeRules();
  const label = (key: string) => t(`fields.${key}`);
  const positive = { type: 'number' as const, min: 0.01, message: rules.t('validation.invalid') };
  const col = { xs: 24, md: 12, lg: 8 };
  return (
    <Row gutter={16}>
      <Col {...col}>
        <Form.Item name={['house', 'certificateNo']} label={label('certificateNo')} rules={[rules.required(label('certificateNo')), rules.max(64)]}>
          <Input maxLength={64} aria-label={label('certificateNo')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={['house', 'owner']} label={label('owner')} rules={[rules.required(label('owner')), rules.max(64)]}>
          <Input maxLength={64} aria-label={label('owner')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={['house', 'area']} label={label('area')} rules={[rules.filled(label('area')), positive]}>
          <InputNumber<number> min={0.01} precision={2} style={{ width: '100%' }} aria-label={label('area')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={16}>
        <Form.Item name={['house', 'address']} label={label('houseAddress')} rules={[rules.required(label('houseAddress')), rules.max(200)]}>
          <Input maxLength={200} aria-label={label('houseAddress')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={['house', 'assessedValue']} label={label('assessedValue')} rules={[rules.filled(label('assessedValue')), { ...positive, message: rules.t('validation.amount') }]}>
          <InputNumber<number> min={0.01} precision={2} step={10_000} style={{ width: '100%' }} prefix="¥" aria-label={label('assessedValue')} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Up to GUARANTORS_MAX guarantors, at least one. */
function GuarantorFields() {
  const t = useTranslations('intake');
  const rules = useIntakeRules();
  return (
    <Form.List name="guarantors" rules={[{
      validator: async (_rule, rows?: unknown[]) => {
        if (!rows?.length) throw new Error(rules.t('validation.guarantorRequired'));
      },
    }]}>
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, index) => (
            <Card key={field.key} size="small" style={{ marginBottom: 12 }} title={t('fields.guarantorN', { index: index + 1 })}
              extra={<Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(field.name)}>{t('removeGuarantor')}</Button>}>
              <PersonFields name={[field.name]} path={['guarantors', field.name]} />
            </Card>
          ))}
          {fields.length < GUARANTORS_MAX && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>{t('addGuarantor')}</Button>
          )}
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

/**
 * The guarantee method and what it needs: the house for a mortgage, guarantors for a guaranteed
 * loan. Only the methods open to the proposer (userGuaranteeMethod, once the ID number is valid)
 * can be chosen; a closed one says why, and a closed choice is refused with the method named.
 */
export function GuaranteeFields() {
  const t = useTranslations('intake');
  const ta = useTranslations('approval');
  const tv = useTranslations();
  const method = Form.useWatch<GuaranteeMethod | undefined>('guaranteeMethod');
  const idNumber = Form.useWatch<string | undefined>(['proposer', 'idNumber']);
  const employmentCategory = Form.useWatch<string | undefined>(['proposer', 'employmentCategory']);
  const valid = !checkIdNumber(idNumber);
  const { data } = useCall(valid ? 'businessApproveRecord/userGuaranteeMethod' : null,
    { idNumber: normalIdNumber(idNumber), employmentCategory: (employmentCategory ?? '').trim() });
  const info = (m: GuaranteeMethod) => data?.methods.find((x) => x.code === m);
  const openRule = {
    validator: async (_rule: unknown, value: GuaranteeMethod | undefined) => {
      if (value && info(value)?.open === false) throw new Error(tv('validation.guaranteeClosed', { method: ta(`guaranteeMethod.${value}`) }));
    },
  };
  return (
    <>
      <Form.Item name="guaranteeMethod" label={t('fields.guaranteeMethod')} extra={valid ? null : t('methodsAfterId')} rules={[openRule]}
        dependencies={[['proposer', 'idNumber'], ['proposer', 'employmentCategory']]}>
        <Radio.Group optionType="button" options={GUARANTEE_METHODS.map((m) => {
          const closed = info(m)?.open === false;
          const name = ta(`guaranteeMethod.${m}`);
          return { value: m, disabled: closed && method !== m, label: closed ? `${name}（${t(`methodClosed.${info(m)!.closedBy}`)}）` : name };
        })} />
      </Form.Item>
      {method === 'HOUSE' && <HouseFields />}
      {method === 'GUARANTOR' && <GuarantorFields />}
    </>
  );
}
