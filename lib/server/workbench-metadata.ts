import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Stage } from '@/lib/workflow/stages';

/** The title of a stage's workbench page. */
export async function workbenchMetadata(stage: Stage): Promise<Metadata> {
  return { title: (await getTranslations('resources.workbench'))(`${stage}.title`) };
}
