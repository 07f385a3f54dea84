'use client';

import TreeSelect from 'antd/es/tree-select';
import '@/styles/antd/tree-select.generated.css';

/** antd's tree select with its sheet: field-input downloads both when a form first shows one. */
export default TreeSelect;
