'use client';

import { CrudScreen } from '@/components/crud/crud-screen';
import { consultSpec, helpSpec, noticeSpec } from '@/lib/resources/content';
import { ConsultAnswer, ConsultView } from './consult-dialogs';
import { HelpOrderButton } from './help-order';
import { PreviewDialog, PublishDialog } from './notice-dialogs';

/** The content and service screens: notices, help templates and consultations, each a spec run by the engine plus its dialogs. */
export const NoticeScreen = () => (
  <CrudScreen spec={noticeSpec} dialogs={{ preview: (props) => <PreviewDialog {...props} />, publish: (props) => <PublishDialog {...props} /> }} />
);
export const HelpScreen = () => <CrudScreen spec={helpSpec} extra={<HelpOrderButton />} dialogs={{ preview: (props) => <PreviewDialog {...props} /> }} />;
export const ConsultScreen = () => (
  <CrudScreen spec={consultSpec} dialogs={{ answer: (props) => <ConsultAnswer {...props} />, view: (props) => <ConsultView {...props} /> }} />
);
