'use client';

import { AutoComplete, Col, Form, Input, Radio, Row, type FormRule } from 'antd';
import { useTranslations } from 'next-intl';
import { checkIdNumber, checkMobile, genderOfIdNumber } from '@/lib/resources/intake';
import '@/styles/antd/radio.generated.css';

type Path = (string | number)[];

export const EMPLOYMENT_CATEGORIES = ['unemployed', 'graduate', 'veteran', 'migrant', 'hardship', 'online', 'other'] as const;

/** Rules of the intake form in the current language. */
export function useIntakeRules() {
  const t = useTranslations();
  /** A check of lib/resources/intake.ts (a message key or null) as a rule; empty values are the required rule's. */
  const check = (fn: (value: string | undefined) => string | null): FormRule => ({
    validator: async (_rule, value: string | undefined) => {
      const key = value ? fn(value) : null;
      if (key) throw new Error(t(key));
    },
  });
  return {
    /** A text that must be given; the message names the field, as every form's does. */
    required: (field: string): FormRule => ({ required: true, whitespace: true, message: t('crud.required', { field }) }),
    /** A number that must be given. */
    filled: (field: string): FormRule => ({ required: true, message: t('crud.required', { field }) }),
    /** A choice that must be made. */
    chosen: (field: string): FormRule => ({ required: true, message: t('crud.choose', { field }) }),
    max: (max: number): FormRule => ({ max, message: t('validation.tooLong') }),
    idNumber: check(checkIdNumber),
    mobile: check(checkMobile),
    t,
  };
}

/**
 * A person of the application: name, ID number (its gender is filled in from it), mobile,
 * gender and work unit; the proposer also has household register, employment and address.
 * `name` is the path inside the form (or the Form.List row), `path` the absolute one.
 */
export function PersonFields({ name, path = name, proposer = false, extraRules = {} }: {
  name: Path;
  path?: Path;
  proposer?: boolean;
  extraRules?: { idNumber?: FormRule[] };
}) {
  const t = useTranslations('intake');
  const form = Form.useFormInstance();
  const rules = useIntakeRules();
  const ta = useTranslations('approval');
  const label = (key: string) => t(`fields.${key}`);
  const col = { xs: 24, md: 12, lg: 8 };
  return (
    <Row gutter={16}>
      <Col {...col}>
        <Form.Item name={[...name, 'name']} label={label('name')} rules={[rules.required(label('name')), rules.max(64)]}>
          <Input maxLength={64} aria-label={label('name')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={[...name, 'idNumber']} label={label('idNumber')} rules={[rules.required(label('idNumber')), rules.idNumber, ...(extraRules.idNumber ?? [])]}>
          <Input maxLength={18} aria-label={label('idNumber')} onChange={(event) => {
            const gender = genderOfIdNumber(event.target.value);
            if (gender) form.setFieldValue([...path, 'gender'], gender);
          }} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={[...name, 'mobile']} label={label('mobile')} rules={[rules.required(label('mobile')), rules.mobile]}>
          <Input maxLength={11} aria-label={label('mobile')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={[...name, 'gender']} label={label('gender')} rules={[rules.chosen(label('gender'))]}>
          <Radio.Group options={[{ value: 'MALE', label: ta('gender.MALE') }, { value: 'FEMALE', label: ta('gender.FEMALE') }]} />
        </Form.Item>
      </Col>
      {proposer ? (
        <>
          <Col {...col}>
            <Form.Item name={[...name, 'householdRegister']} label={label('householdRegister')} rules={[rules.required(label('householdRegister')), rules.max(100)]}>
              <Input maxLength={100} aria-label={label('householdRegister')} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[...name, 'employmentCategory']} label={label('employmentCategory')} rules={[rules.required(label('employmentCategory')), rules.max(32)]}>
              <AutoComplete aria-label={label('employmentCategory')} options={EMPLOYMENT_CATEGORIES.map((c) => ({ value: t(`employment.${c}`) }))}
                filterOption={(input, option) => String(option?.value ?? '').includes(input)} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name={[...name, 'address']} label={label('address')} rules={[rules.max(200)]}>
              <Input maxLength={200} aria-label={label('address')} />
            </Form.Item>
          </Col>
        </>
      ) : (
        <Col xs={24} md={12} lg={16}>
          <Form.Item name={[...name, 'workUnit']} label={label('workUnit')} rules={[rules.max(100)]}>
            <Input maxLength={100} aria-label={label('workUnit')} />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}
