'use client';

import { CrudScreen } from '@/components/crud/crud-screen';
import { flowSpec, overtimeSpec } from '@/lib/resources/flow';
import { FlowNodes } from './flow-nodes';

/** Flow configuration: the approval flows with their nodes, and the time-out config of the stages. */
export const FlowScreen = () => <CrudScreen spec={flowSpec} dialogs={{ nodes: (props) => <FlowNodes {...props} /> }} />;
export const OvertimeScreen = () => <CrudScreen spec={overtimeSpec} />;
