import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { currentUserInfo } from '@/lib/server/request';
import type { Stage } from '@/lib/workflow/stages';
import { Workbench } from './workbench';

/** The title of a stage's workbench page. */
export async function workbenchMetadata(stage: Stage): Promise<Metadata> {
  return { title: (await getTranslations('resources.workbench'))(`${stage}.title`) };
}

/**
 * The signed-in user's id (server side): it decides which cases are theirs to act on. The
 * layout has already asked the platform for the user's info in this request.
 */
export async function viewerId(): Promise<number | null> {
  const info = await currentUserInfo();
  return info && info !== 'expired' ? info.id : null;
}

/** A stage's page. */
export async function WorkbenchPage({ stage }: { stage: Stage }) {
  return <Workbench stage={stage} userId={await viewerId()} />;
}
