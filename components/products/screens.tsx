'use client';

import { CrudScreen } from '@/components/crud/crud-screen';
import { guaranteeSpec, productSpec } from '@/lib/resources/products';

/** Guarantee methods (担保方式配置) and loan products (业务模型配置). */
export const GuaranteeScreen = () => <CrudScreen spec={guaranteeSpec} />;
export const ProductScreen = () => <CrudScreen spec={productSpec} />;
