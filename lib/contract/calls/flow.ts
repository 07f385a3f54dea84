import { z } from '../zod';
import { call } from '../call';
import { PAGES } from '../pages';
import { nothing, page } from '../output';
import {
  flowAddInput, flowDeleteInput, flowListInput, flowNodes, flowRow, flowUpdateInput, nodeAddInput, nodeCandidatesInput, nodeDeleteInput,
  nodeListInput, nodePersonRef, nodeSortInput, nodeUpdateInput, overtimeAddInput, overtimeDeleteInput, overtimeListInput, overtimeRow,
  overtimeUpdateInput,
} from '../flow';
import { calendarAddInput, calendarDeleteInput, calendarListInput, calendarRow, calendarUpdateInput } from '../calendar';

const flowPage = { page: PAGES.flow } as const;
const overtimePage = { page: PAGES.overtime } as const;
const calendarPage = { page: PAGES.calendar } as const;
const button = (permission: `${'flow' | 'overtime' | 'calendar'}::${string}`) => ({ permission }) as const;

/** Flow configuration: approval modules with their nodes, the time-out config of every stage and the holiday calendar their working days follow. */
export const flowCalls = {
  'approvalModule/getList': call({ summary: 'Approval flows, paged and searched', input: flowListInput, output: page(flowRow), access: flowPage, page: PAGES.flow }),
  'approvalModule/add': call({ summary: 'Add a flow (disabled, without nodes)', input: flowAddInput, output: flowRow, access: button('flow::add'), page: PAGES.flow }),
  'approvalModule/update': call({
    summary: 'Edit a flow, or enable it (its borrower type\'s enabled flow steps down)', input: flowUpdateInput, output: flowRow,
    access: (input) => (input.state === undefined ? button('flow::edit') : [button('flow::edit'), button('flow::state')]), accessBy: 'state', page: PAGES.flow,
    // Which of the two the change needs is told by the flow as it stands: its texts need edit, its state needs state.
    row: { of: 'flow', by: 'id', changes: { name: 'flow::edit', nameEn: 'flow::edit', description: 'flow::edit', state: 'flow::state' } },
  }),
  'approvalModule/del': call({ summary: 'Delete a disabled flow without cases under way', input: flowDeleteInput, output: nothing, access: button('flow::delete'), page: PAGES.flow }),
  'approvalConfig/getList': call({ summary: 'A flow with its nodes in order', input: nodeListInput, output: flowNodes, access: flowPage, page: PAGES.flow }),
  'approvalConfig/getCandidates': call({ summary: 'People who may be put on a node of a stage', input: nodeCandidatesInput, output: z.array(nodePersonRef), access: flowPage, page: PAGES.flow }),
  'approvalConfig/add': call({ summary: 'Add a node at the end of a flow', input: nodeAddInput, output: flowNodes, access: button('flow::node'), page: PAGES.flow }),
  'approvalConfig/update': call({ summary: 'Change a node\'s people and limit', input: nodeUpdateInput, output: flowNodes, access: button('flow::node'), page: PAGES.flow }),
  'approvalConfig/del': call({ summary: 'Delete a node without waiting cases', input: nodeDeleteInput, output: flowNodes, access: button('flow::node'), page: PAGES.flow }),
  'approvalConfig/updateSort': call({ summary: 'Reorder every node of a flow', input: nodeSortInput, output: flowNodes, access: button('flow::node'), page: PAGES.flow }),
  'systemOvertimeConfig/list': call({ summary: 'Time-out config of every stage', input: overtimeListInput, output: page(overtimeRow), access: overtimePage, page: PAGES.overtime }),
  'systemOvertimeConfig/add': call({ summary: 'Set a stage\'s time limit', input: overtimeAddInput, output: overtimeRow, access: button('overtime::add'), page: PAGES.overtime }),
  'systemOvertimeConfig/update': call({ summary: 'Change a stage\'s time limit', input: overtimeUpdateInput, output: overtimeRow, access: button('overtime::edit'), page: PAGES.overtime }),
  'systemOvertimeConfig/del': call({ summary: 'Remove a stage\'s time limit', input: overtimeDeleteInput, output: nothing, access: button('overtime::delete'), page: PAGES.overtime }),
  'holidayCalendar/list': call({ summary: 'Holidays and make-up working days, by day', input: calendarListInput, output: page(calendarRow), access: calendarPage, page: PAGES.calendar }),
  'holidayCalendar/add': call({ summary: 'Add a holiday or make-up working day', input: calendarAddInput, output: calendarRow, access: button('calendar::add'), page: PAGES.calendar }),
  'holidayCalendar/update': call({ summary: 'Change a day of the holiday calendar', input: calendarUpdateInput, output: calendarRow, access: button('calendar::edit'), page: PAGES.calendar }),
  'holidayCalendar/del': call({ summary: 'Remove a day of the holiday calendar', input: calendarDeleteInput, output: nothing, access: button('calendar::delete'), page: PAGES.calendar }),
};
