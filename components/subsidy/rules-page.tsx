'use client';

import type { ComponentType } from 'react';
import { browserPart } from '@/components/common/lazy-part';
import { LoadingCard } from '@/components/common/loading-card';

/** 贴息规则, drawn from calls made in the browser: the server sends a loading card, the screen's code comes beside the shell's hydration. */
export const SubsidyRulesPage = browserPart<object>(
  () => import('./rules-screen').then((m) => m.SubsidyRulesScreen as ComponentType<object>),
  () => <LoadingCard title="subsidyRules.title" />,
);
