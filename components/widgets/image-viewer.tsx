'use client';

import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { ConfigProvider, Flex, Image, type GetProps } from 'antd';
import { useTranslations } from 'next-intl';
import {
  cloneElement, useCallback, useContext, useEffect, useMemo, useRef, useState,
  type ReactElement, type WheelEvent,
} from 'react';
import {
  SCALE_CEILING, SCALE_FLOOR, WHEEL_DEBOUNCE_MS, ZOOM_STEP, debounce, nextScale, type ZoomDirection,
} from '@/lib/image-viewer';
import '@/styles/antd/image.generated.css';
import { EmptyState } from '@/components/common/empty-state';

type GroupPreview = Exclude<NonNullable<GetProps<typeof Image.PreviewGroup>['preview']>, boolean>;
type ActionsInfo = Parameters<NonNullable<GroupPreview['actionsRender']>>[1];

const THUMB_SIZE = 96;

/** Drops float noise (1.2000000000000002) before the rule compares a scale with its gates. */
const clean = (scale: number) => Number(scale.toFixed(6));

/**
 * Attachment images as lazy thumbnails that open antd's preview group, set to SPEC.md
 * section 9. antd zooms by multiplying the scale by (1 + scaleStep); the rule adds 0.2 while
 * the scale is within its gates. So the zoom buttons and the wheel go through nextScale():
 * for each step the component sets scaleStep for one render so that antd's own zoom action
 * lands exactly on nextScale(scale), then calls that action and goes back to ZOOM_STEP.
 * minScale/maxScale are the floor and ceiling the rule can reach (0.3 and 2.7), so antd
 * never clamps a rule step. antd's own wheel zoom is off (wheel: false); wheel events on the
 * image are debounced (WHEEL_DEBOUNCE_MS) and applied as one step in the last direction.
 * Rotation (90 degrees per step) and Escape to close are antd's defaults.
 */
export function ImageViewer({ images }: { images: { src: string; alt: string }[] }) {
  const t = useTranslations('widgets.imageViewer');
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const previewCls = `${getPrefixCls('image')}-preview`;

  const actionsRef = useRef<ActionsInfo['actions'] | null>(null);
  const scaleRef = useRef(1);
  const [pending, setPending] = useState<{ direction: ZoomDirection; step: number } | null>(null);

  const zoom = useCallback((direction: ZoomDirection) => {
    const current = scaleRef.current;
    const target = nextScale(clean(current), direction);
    if (target === clean(current)) return;
    const ratio = target / current;
    setPending({ direction, step: direction === 'in' ? ratio - 1 : 1 / ratio - 1 });
  }, []);

  // After the render that gave antd the one-off scaleStep, run antd's zoom action with it.
  useEffect(() => {
    if (!pending) return;
    if (pending.direction === 'in') actionsRef.current?.onZoomIn();
    else actionsRef.current?.onZoomOut();
    setPending(null);
  }, [pending]);

  const wheelZoom = useMemo(() => debounce((direction: ZoomDirection) => zoom(direction), WHEEL_DEBOUNCE_MS), [zoom]);
  useEffect(() => () => wheelZoom.cancel(), [wheelZoom]);

  const preview = useMemo<GroupPreview>(() => ({
    scaleStep: pending?.step ?? ZOOM_STEP,
    minScale: SCALE_FLOOR,
    maxScale: SCALE_CEILING,
    wheel: false,
    onOpenChange: () => wheelZoom.cancel(),
    imageRender: (node) => cloneElement(node as ReactElement<{ onWheel?: (event: WheelEvent) => void }>, {
      onWheel: (event: WheelEvent) => {
        if (event.deltaY !== 0) wheelZoom(event.deltaY < 0 ? 'in' : 'out');
      },
    }),
    actionsRender: (_node, info) => {
      actionsRef.current = info.actions;
      scaleRef.current = info.transform.scale;
      const scale = clean(info.transform.scale);
      const { flipYIcon, flipXIcon, rotateLeftIcon, rotateRightIcon } = info.icons;
      const action = `${previewCls}-actions-action`;
      const zoomButton = (direction: ZoomDirection) => {
        const disabled = nextScale(scale, direction) === scale;
        const type = direction === 'in' ? 'zoomIn' : 'zoomOut';
        return (
          <button
            type="button"
            className={`${action} ${action}-${type}${disabled ? ` ${action}-disabled` : ''}`}
            disabled={disabled}
            aria-label={t(type)}
            onClick={() => zoom(direction)}
          >
            {direction === 'in' ? <ZoomInOutlined /> : <ZoomOutOutlined />}
          </button>
        );
      };
      return (
        <div className={`${previewCls}-actions`}>
          {flipYIcon}{flipXIcon}{rotateLeftIcon}{rotateRightIcon}{zoomButton('out')}{zoomButton('in')}
        </div>
      );
    },
  }), [pending, previewCls, t, wheelZoom, zoom]);

  if (images.length === 0) return <EmptyState description={t('empty')} />;
  return (
    <Image.PreviewGroup preview={preview}>
      <Flex wrap gap={8}>
        {images.map((image, index) => (
          <Image
            // biome-ignore lint/suspicious/noArrayIndexKey: the same image may appear twice; its place tells them apart
            key={`${index}-${image.src}`}
            src={image.src}
            alt={image.alt}
            loading="lazy"
            width={THUMB_SIZE}
            height={THUMB_SIZE}
            styles={{ image: { objectFit: 'cover' } }}
          />
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}
