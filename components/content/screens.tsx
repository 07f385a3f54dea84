'use client';

import { CrudScreen } from '@/components/crud/crud-screen';
import { lazyPart } from '@/components/common/lazy-part';
import { consultSpec, helpSpec, noticeSpec } from '@/lib/resources/content';
import { HelpOrderButton } from './help-order';

/** The row dialogs, downloaded when first opened. */
const ConsultAnswer = lazyPart(() => import('./consult-dialogs').then((m) => m.ConsultAnswer));
const ConsultView = lazyPart(() => import('./consult-dialogs').then((m) => m.ConsultView));
const PreviewDialog = lazyPart(() => import('./notice-dialogs').then((m) => m.PreviewDialog));
const PublishDialog = lazyPart(() => import('./notice-dialogs').then((m) => m.PublishDialog));

/** The content and service screens: notices, help templates and consultations, each a spec run by the engine plus its dialogs. */
export const NoticeScreen = () => (
  <CrudScreen spec={noticeSpec} dialogs={{ preview: (props) => <PreviewDialog {...props} />, publish: (props) => <PublishDialog {...props} /> }} />
);
export const HelpScreen = () => <CrudScreen spec={helpSpec} extra={<HelpOrderButton />} dialogs={{ preview: (props) => <PreviewDialog {...props} /> }} />;
export const ConsultScreen = () => (
  <CrudScreen spec={consultSpec} dialogs={{ answer: (props) => <ConsultAnswer {...props} />, view: (props) => <ConsultView {...props} /> }} />
);
