'use client';

import { FilePdfOutlined } from '@ant-design/icons';
import { Space, Table, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import type { FileInfo } from '@/lib/contract/workflow';
import { FILE_KINDS, isImageMime } from '@/lib/workflow/files';
import { ImageViewer } from '@/components/widgets/image-viewer';
import { FileUpload } from './file-upload';
import { formatTime } from './format';
import { Section } from './section';
import { useCall } from './use-call';
import { SectionTitle } from '@/components/common/section-title';

const KB = 1024;
const size = (bytes: number) => (bytes < KB * KB ? `${Math.max(1, Math.round(bytes / KB))} KB` : `${(bytes / KB / KB).toFixed(1)} MB`);

/**
 * The application's files: images in the image viewer, PDFs as links that open them; the
 * assignee of the case (`canUpload`) adds files.
 */
export function DetailFiles({ id, canUpload = false }: { id: number; canUpload?: boolean }) {
  const t = useTranslations('approval');
  const { data, isLoading, mutate } = useCall('businessProposerInfo/getFileInfo', { id });
  const kindOf = (file: FileInfo) => ((FILE_KINDS as readonly string[]).includes(file.kind) ? t(`fileKind.${file.kind}`) : file.kind);
  return (
    <>
      {canUpload && <div style={{ marginBottom: 16 }}><FileUpload applicationId={id} uploaded={() => mutate()} /></div>}
      <Section data={data} loading={isLoading} empty={(files) => files.length === 0}>
        {(files) => {
          const images = files.filter((file) => isImageMime(file.mime));
          const others = files.filter((file) => !isImageMime(file.mime));
          return (
            <>
              {images.length > 0 && (
                <section style={{ marginBottom: 16 }}>
                  <SectionTitle>{t('detail.images')}</SectionTitle>
                  <ImageViewer images={images.map((file) => ({ src: file.url, alt: `${kindOf(file)} · ${file.name}` }))} />
                </section>
              )}
              {others.length > 0 && (
                <section>
                  <SectionTitle>{t('detail.documents')}</SectionTitle>
                  <Table<FileInfo> rowKey="id" size="small" dataSource={others} pagination={false} showHeader={false} columns={[
                    {
                      key: 'name', render: (_, file) => (
                        <Space><FilePdfOutlined /><a href={file.url} target="_blank" rel="noreferrer">{file.name}</a></Space>
                      ),
                    },
                    { key: 'kind', render: (_, file) => <Typography.Text type="secondary">{`${kindOf(file)} · ${size(file.size)}`}</Typography.Text> },
                    { key: 'time', align: 'right', render: (_, file) => <Typography.Text type="secondary">{formatTime(file.createTime)}</Typography.Text> },
                  ]} />
                </section>
              )}
            </>
          );
        }}
      </Section>
    </>
  );
}
