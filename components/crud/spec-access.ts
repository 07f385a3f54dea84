import type { CallPath } from '@/lib/contract/calls';
import type { BatchAction, ResourceSpec, RowAction } from '@/lib/resources/types';

type Allowed = (path: CallPath, input?: Record<string, unknown>) => boolean;

/**
 * Which of a screen's buttons the user may press, each derived from the call it makes (the
 * call table's access, lib/call-access.ts): adding and editing from the form's calls (an edit
 * names its row's id, which such a call's access may read), deleting, importing, each action and
 * batch action from theirs. A row is optional: without one, the answer for any row (for sizing).
 */
export function specAccess<Row>(spec: ResourceSpec<Row>, allowed: Allowed) {
  const form = spec.form;
  return {
    create: () => !!form && !form.editOnly && allowed(form.save, {}),
    edit: (row?: Row) => !!form && !form.addOnly && allowed(form.update ?? form.save, { id: row ? spec.rowKey(row) : 1 }),
    addChild: () => !!spec.addChild && !!form && allowed(form.save, {}),
    remove: () => !!spec.remove && allowed(spec.remove.path),
    importer: () => !!spec.importer && allowed(spec.importer.commit),
    action: (action: RowAction<Row>, row?: Row) => {
      const path = action.call ?? action.confirm?.path;
      return !path || allowed(path, { ...(row && !action.call && action.confirm ? action.confirm.body(row) : {}), ...action.callInput });
    },
    batch: (action: BatchAction<Row>) => allowed(action.path, action.body([])),
  };
}
