'use client';

import type { ComponentType } from 'react';
import { browserPart } from '@/components/common/lazy-part';
import { LoadingCard } from '@/components/common/loading-card';

/**
 * The subsidy's screens (贴息管理 and 贴息规则): drawn from calls made in the browser, so the
 * server sends a loading card and their code comes beside the shell's hydration.
 */
export const SubsidyClaimsPage = browserPart<object>(
  () => import('./subsidy-screen').then((m) => m.SubsidyScreen as ComponentType<object>),
  () => <LoadingCard title="subsidyClaims.title" />,
);

export const SubsidyRulesPage = browserPart<object>(
  () => import('./rules-screen').then((m) => m.SubsidyRulesScreen as ComponentType<object>),
  () => <LoadingCard title="subsidyRules.title" />,
);
