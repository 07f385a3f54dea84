'use client';

import { DeleteOutlined, DownOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Dropdown, Flex, Grid, Space, Table, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { withCallRules } from '@/lib/resources/form-rules';
import useSWR from 'swr';
import { callPath } from '@/lib/api/client';
import type { Page } from '@/lib/contract/common';
import { PAGE_SIZES } from '@/lib/contract/limits';
import type { BatchAction, ColumnSpec, ResourceSpec, RowAction } from '@/lib/resources/types';
import type { RowDialogs } from './crud-screen';
import { useCallAllowed } from '@/components/access/permission';
import { specAccess } from './spec-access';
import { renderCell } from './cells';
import { useColumnSources } from './column-sources';
import { lazyPart, useOpenedOnce } from '@/components/common/lazy-part';
import type { EditTarget } from './edit-modal';
import { SearchForm } from './search-form';
import { BatchButton } from './batch-button';
import { actionsLimit, actionsWidth, cellPadding, columnWidth, FIT, fitCell, forReader, inlineActions } from './table-columns';
import styles from './crud-table.module.css';
import { TableSettings, useTableSettings } from './table-settings';
import { searchPayload, useTableState } from './use-table-state';
import { useRemove } from './use-remove';
import { useApp } from '@/components/providers/app-notices';
import { EmptyState } from '@/components/common/empty-state';

/** The edit form (every field widget) and the import dialog: downloaded when first opened. */
const EditModal = lazyPart(() => import('./edit-modal').then((m) => m.EditModal)) as typeof import('./edit-modal').EditModal;
const ImportDialog = lazyPart(() => import('./import-dialog').then((m) => m.ImportDialog));

type Key = string | number;
type TreeRow<Row> = Row & { children?: TreeRow<Row>[] };

/** The screen itself (see CrudScreen): downloaded beside the shell's hydration, not in the page's first load. */
export function CrudScreenBody<Row extends object>({ spec, dialogs = {}, extra }: { spec: ResourceSpec<Row>; dialogs?: RowDialogs<Row>; extra?: ReactNode }) {
  const t = useTranslations();
  const { modal, message } = useApp();
  // On a phone (narrower than md, 768 px, as in ant-design-pro) no column is fixed: the row scrolls whole, its actions last.
  const phone = Grid.useBreakpoint().md === false;
  const allowed = useCallAllowed();
  const may = useMemo(() => specAccess(spec, allowed), [spec, allowed]);
  const locale = useLocale();
  const sourced = useColumnSources(spec.columns);
  const specColumns = useMemo(() => forReader(sourced, locale), [sourced, locale]);
  const { state, update } = useTableState(spec.search);
  const searchFields = useMemo(() => withCallRules(spec.search, spec.list), [spec.search, spec.list]);
  const payload = { ...spec.params, ...searchPayload(state, spec.search) };
  const tree = spec.tree;
  const { data, isLoading, mutate } = useSWR([spec.list, JSON.stringify(payload)], async () =>
    (await callPath(spec.list, tree ? { ...payload, pageNum: undefined, pageSize: undefined } : payload)).data as Page<Row> | { list: Row[]; message?: string });
  const [children, setChildren] = useState<Map<Key, Row[]>>(new Map());
  const [editing, setEditing] = useState<EditTarget<Row> | null>(null);
  const [dialog, setDialog] = useState<{ key: string; row: Row } | null>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [importing, setImporting] = useState(false);
  const editOpened = useOpenedOnce(editing !== null);
  const importOpened = useOpenedOnce(importing);

  // How many times the rows were read again (a batch action's count follows it).
  const [reads, setReads] = useState(0);
  const refresh = useCallback(async () => {
    setChildren(new Map());
    setSelected([]);
    setReads((n) => n + 1);
    return mutate();
  }, [mutate]);
  const remove = useRemove(spec.remove?.path, refresh);

  const loadChildren = useCallback(async (row: Row) => {
    if (!tree) return;
    const id = spec.rowKey(row);
    const { data: result } = await callPath(tree.path, { id, ...(tree.nodeType ? { nodeType: tree.nodeType(row) } : {}) });
    setChildren((current) => new Map(current).set(id, (result as { list: Row[] }).list));
  }, [tree, spec]);

  const withChildren = useCallback((rows: Row[]): TreeRow<Row>[] => rows.map((row) => {
    if (!tree?.hasChildren(row)) return { ...row, children: undefined };
    const loaded = children.get(spec.rowKey(row));
    return { ...row, children: loaded ? withChildren(loaded) : [] };
  }), [tree, children, spec]);

  const rows = useMemo(() => withChildren(data?.list ?? []), [data, withChildren]);

  const runAction = (action: RowAction<Row>, row: Row) => {
    if (action.dialog) { setDialog({ key: action.dialog, row }); return; }
    const confirm = action.confirm!;
    modal.confirm({
      title: t(typeof confirm.question === 'function' ? confirm.question(row) : confirm.question),
      okType: action.danger ? 'danger' : 'primary',
      onOk: async () => {
        const { message: text } = await callPath(confirm.path, confirm.body(row));
        void message.success(confirm.done ? t(confirm.done) : text);
        await refresh();
      },
    });
  };

  const runBatch = (action: BatchAction<Row>) => {
    const chosen = action.selection === false ? [] : rows.filter((r) => selected.includes(spec.rowKey(r)) && (action.when?.(r) ?? true));
    modal.confirm({
      title: t(action.question, { count: chosen.length }),
      okType: action.danger ? 'danger' : 'primary',
      onOk: async () => {
        const { data: answer } = await callPath(action.path, action.body(chosen));
        void message.success(t(action.done, { count: (answer as { count?: number } | null)?.count ?? chosen.length }));
        await refresh();
      },
    });
  };

  const batch = spec.remove?.batch && may.remove();
  const batchActions = (spec.batchActions ?? []).filter((a) => may.batch(a));
  const selecting = batch || batchActions.some((a) => a.selection !== false);
  const selectable = (row: Row) => (batch ? (spec.remove?.when?.(row) ?? true) : batchActions.some((a) => a.selection !== false && (a.when?.(row) ?? true)));

  const removeBody = (row: Row) => spec.remove?.body?.(row) ?? { id: spec.rowKey(row) };
  // A batch is one call: the service deletes every selected row or none.
  const removeSelected = () => {
    const chosen = rows.filter((r) => selected.includes(spec.rowKey(r)));
    void remove(spec.remove?.batchBody?.(chosen) ?? { ids: chosen.map(spec.rowKey) }, chosen.length);
  };
  const rowActions = (row: Row) => {
    const label = (l: RowAction<Row>['label']) => t(typeof l === 'function' ? l(row) : l);
    const buttons: ReactNode[] = [];
    if (may.edit(row) && (spec.form!.editable?.(row) ?? true)) buttons.push(<Button key="edit" type="link" size="small" onClick={() => setEditing({ row })}>{t('crud.edit')}</Button>);
    if (spec.addChild && may.addChild() && (spec.addChild.when?.(row) ?? true)) {
      buttons.push(<Button key="child" type="link" size="small" onClick={() => setEditing({ row: null, defaults: { [spec.addChild!.field]: spec.rowKey(row) } })}>{t(spec.addChild.label)}</Button>);
    }
    // An action that keeps its place (`unavailable`) stays on a row it does not apply to, disabled with its reason.
    const applies = (action: RowAction<Row>) => action.when?.(row) ?? true;
    const shown = (spec.actions ?? []).filter((action) => may.action(action, row) && (applies(action) || action.unavailable));
    const reason = (action: RowAction<Row>) => (applies(action) ? undefined : t(action.unavailable!(row)));
    const standing = (action: RowAction<Row>) => !action.more && inline.has(action.key);
    for (const action of shown.filter(standing)) {
      const why = reason(action);
      const button = <Button key={action.key} type="link" size="small" danger={action.danger} disabled={why !== undefined} onClick={() => runAction(action, row)}>{label(action.label)}</Button>;
      buttons.push(why === undefined ? button : <Tooltip key={action.key} title={why}>{button}</Tooltip>);
    }
    const more = shown.filter((a) => !standing(a));
    if (more.length) {
      buttons.push(
        <Dropdown key="more" trigger={['click']} menu={{
          items: more.map((action) => {
            const why = reason(action);
            return { key: action.key, danger: action.danger, disabled: why !== undefined, title: why,
              label: why === undefined ? label(action.label) : <Tooltip title={why} placement="left">{label(action.label)}</Tooltip> };
          }),
          onClick: ({ key }) => runAction(more.find((a) => a.key === key)!, row),
        }}>
          <Button type="link" size="small">{t('crud.more')}<DownOutlined /></Button>
        </Dropdown>,
      );
    }
    if (spec.remove && may.remove() && (spec.remove.when?.(row) ?? true)) {
      buttons.push(<Button key="delete" type="link" size="small" danger onClick={() => void remove(removeBody(row))}>{t('crud.delete')}</Button>);
    }
    return buttons.length ? <Space size={0} wrap>{buttons}</Space> : null;
  };

  // 查询 with the filters shown reads the rows again (they may have changed since, e.g. a push delivered).
  const search = (filters: typeof state.filters) => {
    setReads((n) => n + 1);
    if (state.pageNum === 1 && JSON.stringify(filters) === JSON.stringify(state.filters)) void mutate();
    else update({ filters, pageNum: 1 });
  };

  const permitted = (spec.actions ?? []).filter((action) => may.action(action));
  const fixedLabels = [
    ...(may.edit() ? [t('crud.edit')] : []),
    ...(spec.addChild && may.addChild() ? [t(spec.addChild.label)] : []),
    ...(may.remove() ? [t('crud.delete')] : []),
  ];
  const moreLabel = t('crud.more');
  // A label that depends on the row (enable / disable) is counted as two words.
  const ownLabels = permitted.filter((a) => !a.more).map((a) => ({ key: a.key, label: typeof a.label === 'string' ? t(a.label) : t('crud.edit').repeat(2) }));
  const sortOrder = (key: string): 'ascend' | 'descend' | null => (state.order === key ? 'ascend' : state.order === `-${key}` ? 'descend' : null);
  const settingsColumns = specColumns.map((column) => ({ key: column.key, title: t(column.title), hidden: column.hidden }));
  const settings = useTableSettings(spec.key, settingsColumns);
  const shownColumns = settings.order.filter((key) => !settings.hidden.has(key)).map((key) => specColumns.find((c) => c.key === key)!);
  const hasActions = !!(spec.form || spec.remove || spec.actions?.length || spec.addChild);
  const padding = cellPadding(settings.density);
  const dataColumns: TableColumnsType<TreeRow<Row>> = shownColumns.map((column) => ({
    key: column.key,
    title: t(column.title),
    width: columnWidth(column, t, padding),
    ellipsis: FIT,
    sorter: !!column.sort,
    sortOrder: column.sort ? sortOrder(column.sort) : undefined,
    render: (_: unknown, row: TreeRow<Row>) => fitCell(renderCell(column, row, t)),
  }));
  // The buttons every row may show: edit, add child and delete always stand in the row; the
  // screen's own actions as long as they fit beside them (a wider column when the table has
  // the room), the rest in the 更多 menu. The room is counted without the options a column reads
  // from a call (a workbench's status, a loan list's banks), so no button moves between the row and 更多 when they arrive.
  const steadyWidth = (column: ColumnSpec<Row>) => columnWidth(column.source ? { ...column, options: undefined } : column, t, padding);
  const limit = actionsLimit(shownColumns.reduce((sum, column) => sum + steadyWidth(column), selecting ? 48 : 0) + (tree ? 48 : 0));
  const inline = inlineActions(ownLabels, fixedLabels, moreLabel, permitted.some((a) => a.more), limit, padding);
  const hasMoreButton = permitted.some((a) => a.more || !inline.has(a.key));
  /** The labels of the inline buttons a row can show (the widest case sets the actions column's width). */
  const actionLabels = [...fixedLabels, ...ownLabels.filter((a) => inline.has(a.key)).map((a) => a.label)];
  const columns: TableColumnsType<TreeRow<Row>> = [
    ...dataColumns,
    // A read-only list (no edit, delete, row actions or children) has no actions column.
    ...(hasActions ? [{
      key: 'actions', title: t('crud.actions'), fixed: phone ? undefined : 'right' as const,
      width: actionsWidth(actionLabels, hasMoreButton ? moreLabel : null, limit, padding), render: (_: unknown, row: TreeRow<Row>) => rowActions(row),
    }] : []),
  ];
  const tableWidth = columns.reduce((sum, c) => sum + Number(c.width ?? 0), selecting ? 48 : 0) + (tree ? 48 : 0);

  const onChange: TableProps<TreeRow<Row>>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = specColumns.find((c) => c.key === single?.columnKey);
    // A sort of 'normal' (no direction) clears the order (SPEC.md section 9).
    const order = column?.sort && single?.order ? `${single.order === 'descend' ? '-' : ''}${column.sort}` : undefined;
    const sizeChanged = pagination.pageSize !== state.pageSize;
    update({ order, pageSize: pagination.pageSize ?? state.pageSize, pageNum: sizeChanged || order !== state.order ? 1 : pagination.current ?? 1 });
  };

  const canCreate = may.create();
  const canImport = may.importer();
  const treeMessage = tree ? (data as { message?: string } | undefined)?.message : undefined;
  const page = tree ? null : (data as Page<Row> | undefined);
  return (
    <Card title={t(spec.title ?? `resources.${spec.key}.title`)} extra={extra}>
      <SearchForm fields={searchFields} filters={state.filters} onSearch={search} />
      <Flex wrap justify="space-between" align="center" gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          {canCreate && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>{t(spec.form!.create)}</Button>}
          {canImport && <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>{t('crud.import.button')}</Button>}
          {batch && (
            <Tooltip title={selected.length === 0 ? t('crud.selectFirst') : undefined}>
              <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}
                onClick={removeSelected}>
                {t('crud.deleteSelected', { count: selected.length })}
              </Button>
            </Tooltip>
          )}
          {batchActions.map((action) => (
            <BatchButton key={action.key} action={action} selected={selected.length} listed={reads} onRun={() => runBatch(action)} />
          ))}
        </Space>
        <TableSettings columns={settingsColumns} settings={settings} />
      </Flex>
      {treeMessage && <Alert type="info" showIcon title={treeMessage} style={{ marginBottom: 12 }} />}
      <Table<TreeRow<Row>>
        className={styles.table}
        rowKey={(row) => spec.rowKey(row)}
        columns={columns}
        dataSource={rows}
        loading={isLoading}
        onChange={onChange}
        size={settings.density}
        tableLayout="fixed"
        scroll={{ x: tableWidth }}
        // While the first answer is on its way the spinner stands alone, with no 'no data' under it.
        locale={{ emptyText: isLoading ? <div style={{ height: 96 }} /> : <EmptyState description={t('crud.noData')} /> }}
        rowSelection={selecting ? {
          selectedRowKeys: selected, onChange: (keys) => setSelected(keys as Key[]),
          getCheckboxProps: (row) => ({ disabled: !selectable(row) }),
        } : undefined}
        expandable={tree ? { onExpand: (expanded, row) => { if (expanded && !children.has(spec.rowKey(row))) void loadChildren(row); } } : undefined}
        pagination={page ? {
          current: state.pageNum, pageSize: state.pageSize, total: page.total, showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String), showTotal: (total) => t(page.capped ? 'crud.totalCapped' : 'crud.total', { total }),
        } : false}
      />
      {spec.form && editOpened && (
        <EditModal spec={spec} target={editing} onClose={() => setEditing(null)} onSaved={(saved) => {
          setEditing(null);
          void refresh();
          if (spec.form?.afterSave && saved) setDialog({ key: spec.form.afterSave, row: saved as Row });
        }} />
      )}
      {canImport && importOpened && <ImportDialog importer={spec.importer!} open={importing} onClose={() => setImporting(false)} onDone={refresh} />}
      {dialog && dialogs[dialog.key]?.({ row: dialog.row, close: () => setDialog(null), refresh })}
    </Card>
  );
}
