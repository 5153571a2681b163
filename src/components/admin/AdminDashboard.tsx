"use client";

import "@mantine/charts/styles.css";
import { Center, Container, Stack, Tabs, Text, Title } from "@mantine/core";
import { Spinner } from "@/components/common/QueryState";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { DELAYS } from "@/shared/constants";
import { useCurrentUser } from "../common/useCurrentUser";
import { AnalyticsTab } from "./AnalyticsTab";
import { AuditTab } from "./AuditTab";
import { ComplaintsTab } from "./ComplaintsTab";
import { ContestsTab } from "./ContestsTab";
import { MessagesTab } from "./MessagesTab";
import { OutboxTab } from "./OutboxTab";
import { OverviewTab } from "./OverviewTab";
import { PaymentsTab } from "./PaymentsTab";
import { PrizesTab } from "./PrizesTab";
import { PromoCodesTab } from "./PromoCodesTab";
import { ReviewTab } from "./ReviewTab";
import { RiskTab } from "./RiskTab";
import { UsersTab } from "./UsersTab";
import { WinnerPostsTab } from "./WinnerPostsTab";
import { WithdrawalsTab } from "./WithdrawalsTab";
import { toastUnauthorized } from "@/components/common/toasts";
import classes from "./AdminDashboard.module.css";
import { SecondFactorNotice, useSecondFactorGate } from "./SecondFactorGate";
import { useStaffAccess } from "./useStaffAccess";

/**
 * /admin: staff only (the server refuses every admin call as well: 401 / 403). Each tab opens with
 * the read its role must be allowed (src/server/api/privileged.ts, `useStaffAccess`): a role sees
 * only its tabs, and the first of them when the URL names none or one it may not open.
 */
const TABS = [
  { value: "overview", label: "Overview", read: "admin.overview", Panel: OverviewTab },
  { value: "payments", label: "Payments", read: "payments.pending", Panel: PaymentsTab },
  { value: "withdrawals", label: "Withdrawals", read: "withdrawals.adminList", Panel: WithdrawalsTab },
  { value: "review", label: "Review", read: "review.list", Panel: ReviewTab },
  { value: "prizes", label: "Prizes", read: "prizes.adminList", Panel: PrizesTab },
  { value: "complaints", label: "Complaints", read: "complaints.adminList", Panel: ComplaintsTab },
  { value: "contests", label: "Contests", read: "admin.contests", Panel: ContestsTab },
  { value: "promo-codes", label: "Promo codes", read: "pricing.promoCodes", Panel: PromoCodesTab },
  { value: "users", label: "Users", read: "admin.users", Panel: UsersTab },
  { value: "risk", label: "Players at risk", read: "saferPlay.riskMarkers", Panel: RiskTab },
  { value: "winner-posts", label: "Winner Posts", read: "admin.winnerPosts", Panel: WinnerPostsTab },
  { value: "messages", label: "Messages", read: "support.conversations", Panel: MessagesTab },
  { value: "outbox", label: "Outbox", read: "admin.outbox", Panel: OutboxTab },
  { value: "analytics", label: "Analytics", read: "admin.analytics", Panel: AnalyticsTab },
  { value: "audit", label: "Audit", read: "admin.audit", Panel: AuditTab },
] as const;

export function AdminDashboard() {
  const { user, isLoading } = useCurrentUser();
  const router = useRouter();
  const pathname = usePathname();
  // The open tab lives in the URL (/admin?tab=messages) so it survives reloads and can be linked.
  const requested = useSearchParams().get("tab");
  const access = useStaffAccess(Boolean(user?.isAdmin));
  const tabs = TABS.filter((t) => access.can(t.read));
  const first = tabs[0]?.value ?? "overview";
  const tab = tabs.some((t) => t.value === requested) ? (requested as string) : first;
  const denied = !isLoading && !user?.isAdmin;
  const warned = useRef(false);
  // With ADMIN_2FA_REQUIRED every tab reads players' data: none opens until the session passed the code.
  const gate = useSecondFactorGate(Boolean(user?.isAdmin));
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the tabs are one scrolling row: keep the open one in view (after a reload, a link).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the open tab changes or the tabs appear
  useEffect(() => {
    tabList.current
      ?.querySelector<HTMLElement>(`[role="tab"][aria-selected="true"]`)
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [tab, isLoading]);

  useEffect(() => {
    if (!denied || warned.current) return;
    warned.current = true;
    toastUnauthorized("Admin access required. Redirecting...");
    const timer = setTimeout(() => router.push("/"), DELAYS.nonAdminRedirect);
    return () => clearTimeout(timer);
  }, [denied, router]);

  if (isLoading || (user?.isAdmin && (gate.loading || access.loading))) {
    return (
      <Center h="60vh">
        <Spinner label="Loading" />
      </Center>
    );
  }
  if (denied) {
    return (
      <Center h="60vh">
        <Stack align="center" gap="xs">
          <Title order={2}>Access Denied</Title>
          <Text c="dimmed">You don't have permission to access this page.</Text>
        </Stack>
      </Center>
    );
  }

  if (gate.locked) {
    return (
      <Container size="sm" py="lg">
        <Title order={1} mb="md">
          Admin Dashboard
        </Title>
        <SecondFactorNotice />
      </Container>
    );
  }

  return (
    <Container size="xl" py="lg">
      <Title order={1} mb="md">
        Admin Dashboard
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => router.replace(value && value !== first ? `${pathname}?tab=${value}` : pathname, { scroll: false })}
        keepMounted={false}
      >
        <Tabs.List mb="md" className={classes.tabList} ref={tabList}>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value}>
            <Panel />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
