'use client';

import type { ComponentType } from 'react';
import { browserPart } from '@/components/common/lazy-part';
import { LoadingCard } from '@/components/common/loading-card';

/** 贴息管理, drawn from calls made in the browser: the server sends a loading card, the screen's code comes beside the shell's hydration. */
export const SubsidyClaimsPage = browserPart<object>(
  () => import('./subsidy-screen').then((m) => m.SubsidyScreen as ComponentType<object>),
  () => <LoadingCard title="subsidyClaims.title" />,
);
