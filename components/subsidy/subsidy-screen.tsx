'use client';

import { Flex } from 'antd';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { ClaimRow } from '@/lib/contract/subsidy';
import { CLAIM_PROPOSE, CLAIM_REVIEW, claimSpec } from '@/lib/resources/subsidy';
import { CrudScreen, type RowDialogs } from '@/components/crud/crud-screen';
import { useCallAllowed } from '@/components/access/permission';
import { useShell } from '@/components/shell/shell-context';
import { lazyPart } from '@/components/common/lazy-part';
import { Unclaimed } from './unclaimed';

/** A claim opened, downloaded when one is first opened; the print view likewise. */
const ClaimDrawer = lazyPart(() => import('./claim-drawer').then((m) => m.ClaimDrawer));
const ClaimPrint = lazyPart(() => import('./claim-print').then((m) => m.ClaimPrint));

const idParam = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);
/** Every key of the claims' list (whatever its filters), read again after a proposal. */
const isClaimList = (key: unknown) => Array.isArray(key) && key[0] === claimSpec.list;

/**
 * 贴息管理 (DOMAIN.md section 6), one page for banks and renshe: a bank sees what it may still
 * claim per quarter and makes the quarter's claims (subsidyClaim/propose); both see the claims
 * in their scope, renshe's reviewers first those awaiting them (`pending`), and a row opens the
 * claim with the buttons its state and the user's grants allow. `?view=print&claim=` is a
 * claim's A4 print view.
 */
export function SubsidyScreen() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const allowed = useCallAllowed();
  const { mutate } = useSWRConfig();
  // The administrator holds every button but claims for no bank: only a bank's people see what is left to claim.
  const { user } = useShell();
  const claiming = allowed(CLAIM_PROPOSE) && user.type !== 0;
  const reviewing = allowed(CLAIM_REVIEW);
  const printed = params.get('view') === 'print' ? idParam(params.get('claim')) : null;
  const [opened, setOpened] = useState<ClaimRow | null>(null);
  const dialogs = useMemo<RowDialogs<ClaimRow>>(() => ({
    claim: ({ row, close, refresh }) => <ClaimDrawer row={row} close={close} changed={refresh} />,
  }), []);

  // A reviewer's list opens on the claims awaiting the bureau (the review queue), unless the address says otherwise;
  // only as the page opens, so that 重置 then shows every claim.
  const [bare] = useState(() => params.size === 0);
  useEffect(() => {
    if (reviewing && !claiming && bare) router.replace(`${pathname}?pending=true`, { scroll: false });
  }, [reviewing, claiming, bare, pathname, router]);

  if (printed) return <ClaimPrint id={printed} />;
  return (
    <Flex vertical gap={16}>
      {claiming && <Unclaimed proposed={(claims) => { void mutate(isClaimList); setOpened(claims[0] ?? null); }} />}
      <CrudScreen spec={claimSpec} dialogs={dialogs} />
      {opened && <ClaimDrawer row={opened} close={() => setOpened(null)} changed={() => mutate(isClaimList)} />}
    </Flex>
  );
}
