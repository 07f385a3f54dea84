'use client';

import { Modal, Spin, Tooltip, Tree, type TreeDataNode } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { api, apiCall } from '@/lib/api/client';
import type { PermissionNode } from '@/lib/contract/permission';
import type { RoleRow } from '@/lib/contract/role';
import { useShell } from '@/components/shell/shell-context';
import '@/styles/antd/tree.generated.css';
import { useApp } from '@/components/providers/app-notices';

/** Nodes by their titles; a button's `module::action` code only in a tooltip, and only for administrators (type 0). */
const toTree = (nodes: PermissionNode[], locale: string, showCodes: boolean): TreeDataNode[] => nodes.map((n) => {
  const title = locale === 'en' ? n.titleEn : n.titleZh;
  return {
    key: n.id,
    title: showCodes && n.action ? <Tooltip title={<code>{n.action}</code>} placement="right">{title}</Tooltip> : title,
    children: toTree(n.children, locale, showCodes),
  };
});

/** Parent and children of every node, to keep a selection whole. */
function relations(nodes: PermissionNode[]) {
  const parent = new Map<number, number | null>();
  const children = new Map<number, number[]>();
  const walk = (list: PermissionNode[], up: number | null) => list.forEach((n) => {
    parent.set(n.id, up);
    children.set(n.id, n.children.map((c) => c.id));
    walk(n.children, n.id);
  });
  walk(nodes, null);
  return { parent, children };
}

/**
 * Authorize a role over the whole tree of menus and their buttons, kept whole: checking a
 * node checks its ancestors (a button brings its page and groups), unchecking a node
 * unchecks everything below it. A page may be granted without its buttons.
 */
export function RoleAuthorize({ row, close, refresh }: { row: RoleRow; close: () => void; refresh: () => Promise<unknown> }) {
  const t = useTranslations('resources.role');
  const locale = useLocale();
  const { user } = useShell();
  const { message } = useApp();
  const tree = useSWR('systemPermisson/permissonList', () => api('systemPermisson/permissonList', {}));
  const info = useSWR(['role/roleInfo', row.id], () => api('role/roleInfo', { id: row.id }));
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [saving, setSaving] = useState(false);
  const rel = useMemo(() => relations(tree.data ?? []), [tree.data]);
  useEffect(() => { if (info.data) setChecked(new Set(info.data.permissionIds)); }, [info.data]);

  const toggle = (id: number, on: boolean) => setChecked((current) => {
    const next = new Set(current);
    if (on) {
      for (let node: number | null | undefined = id; node != null; node = rel.parent.get(node)) next.add(node);
    } else {
      const drop = (node: number) => { next.delete(node); (rel.children.get(node) ?? []).forEach(drop); };
      drop(id);
    }
    return next;
  });

  const save = async () => {
    setSaving(true);
    try {
      const { message: text } = await apiCall('role/authorize', { id: row.id, version: info.data?.role.version ?? row.version, permissionIds: [...checked] });
      void message.success(text);
      await refresh();
      close();
    } catch { /* the message is shown */ } finally { setSaving(false); }
  };
  return (
    <Modal open title={t('authorizeTitle', { name: row.name })} onCancel={close} onOk={save} confirmLoading={saving} width={640}
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}>
      {tree.isLoading || info.isLoading ? <Spin /> : (
        <Tree checkable checkStrictly selectable={false} defaultExpandAll treeData={toTree(tree.data ?? [], locale, user.type === 0)}
          checkedKeys={{ checked: [...checked], halfChecked: [] }}
          onCheck={(_keys, event) => toggle(Number(event.node.key), event.checked)} />
      )}
    </Modal>
  );
}
