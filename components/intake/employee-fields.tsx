'use client';

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Switch, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { EMPLOYEES_MAX } from '@/lib/contract/limits';
import { PersonFields } from './person-fields';

/**
 * The borrower's employees (none to EMPLOYEES_MAX), each marked when hired from the policy's
 * key groups: the monthly report counts them as the jobs the loan created.
 */
export function EmployeeFields() {
  const t = useTranslations('intake');
  return (
    <>
      <Typography.Paragraph type="secondary">{t('employeesHint')}</Typography.Paragraph>
      <Form.List name="employees">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Card key={field.key} size="small" style={{ marginBottom: 12 }} title={t('fields.employeeN', { index: index + 1 })}
                extra={<Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(field.name)}>{t('removeEmployee')}</Button>}>
                <PersonFields name={[field.name]} path={['employees', field.name]} />
                <Form.Item name={[field.name, 'keyGroup']} label={t('fields.keyGroup')} valuePropName="checked" style={{ marginBottom: 0 }}>
                  <Switch aria-label={`${t('fields.employeeN', { index: index + 1 })} ${t('fields.keyGroup')}`} />
                </Form.Item>
              </Card>
            ))}
            {fields.length < EMPLOYEES_MAX && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ keyGroup: false })}>{t('addEmployee')}</Button>
            )}
          </>
        )}
      </Form.List>
    </>
  );
}
