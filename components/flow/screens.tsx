'use client';

import { CrudScreen } from '@/components/crud/crud-screen';
import { lazyPart } from '@/components/common/lazy-part';
import { flowSpec, overtimeSpec } from '@/lib/resources/flow';
import { calendarSpec } from '@/lib/resources/calendar';

/** The row dialogs, downloaded when first opened. */
const FlowNodes = lazyPart(() => import('./flow-nodes').then((m) => m.FlowNodes));

/** Flow configuration: the approval flows with their nodes, the time-out config of the stages and the holiday calendar. */
export const FlowScreen = () => <CrudScreen spec={flowSpec} dialogs={{ nodes: (props) => <FlowNodes {...props} /> }} />;
export const OvertimeScreen = () => <CrudScreen spec={overtimeSpec} />;
export const CalendarScreen = () => <CrudScreen spec={calendarSpec} />;
