import type { IconDefinition, AbstractNode } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactNode } from 'react';

function draw(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map(draw));
}

/**
 * One of antd's icons drawn from its SVG definition (`@ant-design/icons-svg`), without
 * `@ant-design/icons`' runtime: for the plain sign-in pages. Decorative: the control it sits in
 * carries the name.
 */
export function Icon({ of, className }: { of: IconDefinition; className?: string }) {
  const svg = of.icon as AbstractNode;
  return (
    <span className={className} aria-hidden="true" style={{ display: 'inline-flex', lineHeight: 0 }}>
      {draw({ ...svg, attrs: { ...svg.attrs, width: '1em', height: '1em', fill: 'currentColor' } })}
    </span>
  );
}
