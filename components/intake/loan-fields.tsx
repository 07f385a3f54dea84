'use client';

import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { RATE_PERCENT_MAX } from '@/lib/resources/intake';
import { REPAYMENT_METHODS } from '@/lib/workflow/plan';
import { useCall } from '@/components/approval/use-call';
import { useIntakeRules } from './person-fields';

const col = { xs: 24, md: 12, lg: 8 };

/** The product a personal loan names (the current, enabled ones); the only one there is is chosen at once. */
function ProductSelect() {
  const t = useTranslations('intake');
  const rules = useIntakeRules();
  const form = Form.useFormInstance();
  const { data, isLoading } = useCall('businessSchemaConfig/options', { borrowerType: 'PERSON' });
  const chosen = Form.useWatch<number | undefined>('productId');
  useEffect(() => {
    if (data?.length && form.getFieldValue('productId') === undefined) form.setFieldValue('productId', data[0]!.id);
  }, [data, form]);
  const product = data?.find((p) => p.id === chosen);
  const money = new Intl.NumberFormat('zh-CN');
  const hint = product && t('productHint', {
    min: money.format(product.amountMin), max: money.format(product.amountMax), terms: product.terms.join('/'), rate: (product.rateMax * 100).toFixed(2),
  });
  return (
    <Form.Item name="productId" label={t('fields.product')} rules={[rules.chosen(t('fields.product'))]} extra={hint}>
      <Select aria-label={t('fields.product')} loading={isLoading}
        options={(data ?? []).map((p) => ({ value: p.id, label: `${p.nameZh} · ${p.code} v${p.revision}` }))} />
    </Form.Item>
  );
}

/** The loan: amount (within a person's cap), term (within a person's longest), yearly rate, repayment and the business it funds; cap and term from the borrower type's settings. */
export function LoanFields() {
  const t = useTranslations('intake');
  const ta = useTranslations('approval');
  const rules = useIntakeRules();
  const label = (key: string) => t(`fields.${key}`);
  const { data: types } = useCall('business-client-group/typeOfBorrowerList', {});
  const person = types?.find((type) => type.borrowerType === 'PERSON');
  const limit = person ? new Intl.NumberFormat('zh-CN').format(person.capAmount) : '…';
  return (
    <Row gutter={16}>
      <Col xs={24}><ProductSelect /></Col>
      <Col {...col}>
        <Form.Item name="amount" label={label('amount')} extra={t('amountHint', { max: limit })} rules={[
          rules.filled(label('amount')),
          { type: 'number', min: 0.01, message: rules.t('validation.amount') },
          ...(person ? [{ type: 'number' as const, max: person.capAmount, message: rules.t('validation.amountLimit') }] : []),
        ]}>
          <InputNumber<number> min={0} precision={2} step={10_000} style={{ width: '100%' }} prefix="¥" aria-label={label('amount')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="termMonths" label={label('termMonths')} rules={[
          rules.filled(label('termMonths')),
          { type: 'integer', min: 1, max: person?.maxTermMonths, message: rules.t('validation.term') },
        ]}>
          <InputNumber<number> min={1} max={person?.maxTermMonths} precision={0} style={{ width: '100%' }} aria-label={label('termMonths')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="ratePercent" label={label('ratePercent')} rules={[
          rules.filled(label('ratePercent')),
          { type: 'number', min: 0, max: RATE_PERCENT_MAX, message: rules.t('validation.rate') },
        ]}>
          <InputNumber<number> min={0} max={RATE_PERCENT_MAX} precision={2} step={0.05} style={{ width: '100%' }} suffix="%" aria-label={label('ratePercent')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="repaymentMethod" label={label('repaymentMethod')} rules={[rules.chosen(label('repaymentMethod'))]}>
          <Select aria-label={label('repaymentMethod')} options={REPAYMENT_METHODS.map((m) => ({ value: m, label: ta(`repaymentMethod.${m}`) }))} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="businessName" label={label('businessName')} rules={[rules.max(100)]}>
          <Input maxLength={100} aria-label={label('businessName')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="businessScope" label={label('businessScope')} rules={[rules.max(200)]}>
          <Input maxLength={200} aria-label={label('businessScope')} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** One organisation of a type (getInstitutionDropdown); the only one there is is chosen at once. */
function OrgSelect({ name, type }: { name: string; type: 'RENSHE' | 'GUARANTEE' | 'BANK' }) {
  const t = useTranslations('intake');
  const rules = useIntakeRules();
  const form = Form.useFormInstance();
  const { data, isLoading } = useCall('systemOrganiza/getInstitutionDropdown', { type });
  useEffect(() => {
    if (data?.length === 1 && form.getFieldValue(name) === undefined) form.setFieldValue(name, data[0]!.id);
  }, [data, form, name]);
  const label = t(`fields.${name}`);
  return (
    <Form.Item name={name} label={label} rules={[rules.chosen(label)]}>
      <Select aria-label={label} loading={isLoading} showSearch optionFilterProp="label" notFoundContent={t('noOrgs')}
        options={(data ?? []).map((org) => ({ value: org.id, label: org.name }))} />
    </Form.Item>
  );
}

/** The organisations that work the case: the renshe bureau, the guarantee company and the bank. */
export function OrgFields() {
  return (
    <Row gutter={16}>
      <Col {...col}><OrgSelect name="rensheOrgId" type="RENSHE" /></Col>
      <Col {...col}><OrgSelect name="guaranteeOrgId" type="GUARANTEE" /></Col>
      <Col {...col}><OrgSelect name="bankOrgId" type="BANK" /></Col>
    </Row>
  );
}
