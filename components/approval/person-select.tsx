'use client';

import { Flex, Select, Tag, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import type { NodePerson } from '@/lib/contract/workflow';

/** A person to pick: cases waiting with them at every stage and at this one, or (`stagePending` absent) `pending` at this stage alone. */
type Person = Omit<NodePerson, 'stagePending'> & { stagePending?: number };

/** Picks a person of a node, showing their organisation and how many cases wait for them (in all, and at this stage). */
export function PersonSelect({ people, loading, value, onChange, id, ...rest }: {
  people: Person[];
  loading?: boolean;
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
  'aria-label'?: string;
}) {
  const t = useTranslations('approval.fields');
  const byId = new Map(people.map((p) => [p.id, p]));
  return (
    <Select<number>
      id={id}
      aria-label={rest['aria-label']}
      value={value}
      onChange={onChange}
      loading={loading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('personPlaceholder')}
      notFoundContent={loading ? undefined : t('noPeople')}
      options={people.map((p) => ({ value: p.id, label: p.nickname }))}
      optionRender={(option) => {
        const person = byId.get(option.value as number);
        return (
          <Flex justify="space-between" gap={8}>
            <span>{person?.nickname}{person?.orgName && <Typography.Text type="secondary">{` · ${person.orgName}`}</Typography.Text>}</span>
            <Tag color={person && person.pending > 0 ? 'blue' : 'default'}>{person?.stagePending === undefined ? t('pendingHere', { count: person?.pending ?? 0 }) : t('pending', { count: person.pending, stage: person.stagePending })}</Tag>
          </Flex>
        );
      }}
      style={{ width: '100%' }}
    />
  );
}
