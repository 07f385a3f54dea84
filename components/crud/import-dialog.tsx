'use client';

import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Spin, Table, Typography, Upload } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { apiUpload, ApiError, download } from '@/lib/api/client';
import type { CallPath } from '@/lib/contract/calls';
import type { ImportCheck, ImportResult, ImportRowError } from '@/lib/contract/import';
import type { ImporterSpec } from '@/lib/resources/types';
import { useServerText } from '@/components/common/use-field-rule';
import { formatSize, uploadProblem } from './field-widgets';
import '@/styles/antd/upload.generated.css';
import { useApp } from '@/components/providers/app-notices';

type State =
  | { step: 'pick' }
  | { step: 'checking'; file: File }
  | { step: 'checked'; file: File; check: ImportCheck; texts: ImportTexts }
  | { step: 'refused'; file: File; text: string };

/** Each problem of a check and its column in the reader's language (the service answers keys). */
type ImportTexts = Map<ImportRowError, { problem: string; column: string | null }>;

/** The check (or a refused commit) as the dialog shows it; anything else is an error the client already showed. */
function checkOf(error: unknown): ImportCheck | undefined {
  return error instanceof ApiError ? (error.data as { check?: ImportCheck } | null)?.check : undefined;
}

/**
 * The import dialog: pick an .xlsx file (refused here when it is not one or too large), the
 * check call answers its rows and errors (a table of row, column and problem, translated),
 * and only a file without errors can be confirmed, which sends it again to the commit call.
 */
export function ImportDialog({ importer, open, onClose, onDone }: { importer: ImporterSpec; open: boolean; onClose: () => void; onDone: () => unknown }) {
  const t = useTranslations();
  const text = useServerText();
  const { message } = useApp();
  const [state, setState] = useState<State>({ step: 'pick' });
  const [committing, setCommitting] = useState(false);
  const limits = { accept: ['xlsx'], maxBytes: importer.maxBytes };
  const size = formatSize(importer.maxBytes);

  const close = () => { setState({ step: 'pick' }); onClose(); };
  const form = (file: File) => { const body = new FormData(); body.set('file', file); return body; };
  const textsOf = async (check: ImportCheck): Promise<ImportTexts> => new Map(await Promise.all(check.errors.map(async (e) =>
    [e, { problem: await text(e.key, e.params ?? {}), column: e.column ? await text(e.column) : null }] as const)));
  const refusal = async (file: File, error: unknown) => {
    const key = error instanceof ApiError ? Object.values(error.fields)[0] : undefined;
    setState(key ? { step: 'refused', file, text: await text(key) } : { step: 'pick' });
    if (!key && error instanceof ApiError && error.code !== 401) void message.error(error.message === 'system' ? t('errors.system') : error.message);
  };

  const pick = async (file: File) => {
    const problem = uploadProblem(limits, file);
    if (problem) {
      void message.error(t(problem === 'crud.file.type' ? 'crud.import.type' : 'crud.import.tooLarge', { size }));
      return;
    }
    setState({ step: 'checking', file });
    try {
      const data = (await apiUpload(importer.check, form(file), { silent: true })).data as ImportCheck;
      setState({ step: 'checked', file, check: data, texts: await textsOf(data) });
    } catch (error) {
      await refusal(file, error);
    }
  };

  const commit = async (path: CallPath = importer.commit) => {
    if (state.step !== 'checked') return;
    setCommitting(true);
    try {
      const data = (await apiUpload(path, form(state.file), { silent: true })).data as ImportResult;
      void message.success(t('crud.import.done', { rows: data.rows }));
      close();
      await onDone();
    } catch (error) {
      const check = checkOf(error);
      if (check) setState({ ...state, check, texts: await textsOf(check) });
      else await refusal(state.file, error);
    } finally {
      setCommitting(false);
    }
  };

  const file = state.step === 'pick' ? null : state.file;
  const clean = state.step === 'checked' && state.check.errors.length === 0;
  // Rows left to import without the bad ones: none when the file as a whole is wrong.
  const badRows = state.step === 'checked' ? new Set(state.check.errors.map((e) => e.row)) : new Set<number | null>();
  const partial = state.step === 'checked' && !clean && importer.commitClean && !badRows.has(null) && !badRows.has(1) && state.check.rows > badRows.size;
  return (
    <Modal open={open} title={t('crud.import.title')} onCancel={close} destroyOnHidden width={720}
      footer={[
        <Button key="cancel" onClick={close}>{t('common.cancel')}</Button>,
        ...(partial ? [
          <Button key="clean" loading={committing} onClick={() => void commit(importer.commitClean)}>
            {state.check.more ? t('crud.import.cleanRowsOnly') : t('crud.import.cleanRows', { rows: state.check.rows - badRows.size })}
          </Button>,
        ] : []),
        <Button key="confirm" type="primary" disabled={!clean} loading={committing} onClick={() => void commit()}>{t('crud.import.confirm')}</Button>,
      ]}>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Text type="secondary">{t('crud.import.hint', { size })}</Typography.Text>
        <Space wrap>
          <Upload accept=".xlsx" showUploadList={false} disabled={state.step === 'checking' || committing}
            beforeUpload={(chosen) => { void pick(chosen); return Upload.LIST_IGNORE; }}>
            <Button icon={<UploadOutlined />} disabled={state.step === 'checking' || committing}>{t(file ? 'crud.import.again' : 'crud.import.choose')}</Button>
          </Upload>
          {importer.template && (
            <Button icon={<DownloadOutlined />} onClick={() => void download(importer.template!).catch(() => {})}>{t('crud.import.template')}</Button>
          )}
          {file && <Typography.Text>{t('crud.import.file', { name: file.name, size: formatSize(file.size) })}</Typography.Text>}
        </Space>
        {state.step === 'checking' && <Spin><Typography.Text>{t('crud.import.checking')}</Typography.Text></Spin>}
        {state.step === 'refused' && <Alert type="error" showIcon title={state.text} />}
        {state.step === 'checked' && (clean
          ? <Alert type="success" showIcon title={t('crud.import.clean', { rows: state.check.rows })} />
          : (
            <>
              <Alert type="error" showIcon title={t('crud.import.errors', { rows: state.check.rows, count: state.check.errors.length + state.check.more })} />
              <Table<ImportRowError> size="small" rowKey={(e) => `${e.row}-${e.column}-${e.key}`} dataSource={state.check.errors}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                columns={[
                  { key: 'row', title: t('crud.import.row'), width: 80, render: (_, e) => e.row ?? t('crud.import.wholeFile') },
                  { key: 'column', title: t('crud.import.column'), width: 160, render: (_, e) => state.texts.get(e)?.column ?? t('crud.import.wholeRow') },
                  { key: 'problem', title: t('crud.import.problem'), render: (_, e) => state.texts.get(e)?.problem },
                ]} />
              {state.check.more > 0 && <Typography.Text type="secondary">{t('crud.import.more', { count: state.check.more })}</Typography.Text>}
              {importer.report && (
                <Button icon={<DownloadOutlined />} onClick={() => void download(importer.report!, form(state.file)).catch(() => {})}>{t('crud.import.report')}</Button>
              )}
            </>
          ))}
      </Space>
    </Modal>
  );
}
