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

/** /admin: admins only (the server refuses every admin call as well: 401 / 403). */
const TABS = [
  "overview",
  "payments",
  "withdrawals",
  "review",
  "prizes",
  "complaints",
  "contests",
  "promo-codes",
  "users",
  "risk",
  "winner-posts",
  "messages",
  "outbox",
  "analytics",
  "audit",
] as const;

export function AdminDashboard() {
  const { user, isLoading } = useCurrentUser();
  const router = useRouter();
  const pathname = usePathname();
  // The open tab lives in the URL (/admin?tab=messages) so it survives reloads and can be linked.
  const requested = useSearchParams().get("tab");
  const tab = (TABS as readonly string[]).includes(requested ?? "") ? (requested as string) : "overview";
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

  if (isLoading || (user?.isAdmin && gate.loading)) {
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
        onChange={(value) =>
          router.replace(value && value !== "overview" ? `${pathname}?tab=${value}` : pathname, { scroll: false })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md" className={classes.tabList} ref={tabList}>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="payments">Payments</Tabs.Tab>
          <Tabs.Tab value="withdrawals">Withdrawals</Tabs.Tab>
          <Tabs.Tab value="review">Review</Tabs.Tab>
          <Tabs.Tab value="prizes">Prizes</Tabs.Tab>
          <Tabs.Tab value="complaints">Complaints</Tabs.Tab>
          <Tabs.Tab value="contests">Contests</Tabs.Tab>
          <Tabs.Tab value="promo-codes">Promo codes</Tabs.Tab>
          <Tabs.Tab value="users">Users</Tabs.Tab>
          <Tabs.Tab value="risk">Players at risk</Tabs.Tab>
          <Tabs.Tab value="winner-posts">Winner Posts</Tabs.Tab>
          <Tabs.Tab value="messages">Messages</Tabs.Tab>
          <Tabs.Tab value="outbox">Outbox</Tabs.Tab>
          <Tabs.Tab value="analytics">Analytics</Tabs.Tab>
          <Tabs.Tab value="audit">Audit</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <OverviewTab />
        </Tabs.Panel>
        <Tabs.Panel value="payments">
          <PaymentsTab />
        </Tabs.Panel>
        <Tabs.Panel value="withdrawals">
          <WithdrawalsTab />
        </Tabs.Panel>
        <Tabs.Panel value="review">
          <ReviewTab />
        </Tabs.Panel>
        <Tabs.Panel value="prizes">
          <PrizesTab />
        </Tabs.Panel>
        <Tabs.Panel value="complaints">
          <ComplaintsTab />
        </Tabs.Panel>
        <Tabs.Panel value="contests">
          <ContestsTab />
        </Tabs.Panel>
        <Tabs.Panel value="promo-codes">
          <PromoCodesTab />
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <UsersTab />
        </Tabs.Panel>
        <Tabs.Panel value="risk">
          <RiskTab />
        </Tabs.Panel>
        <Tabs.Panel value="winner-posts">
          <WinnerPostsTab />
        </Tabs.Panel>
        <Tabs.Panel value="messages">
          <MessagesTab />
        </Tabs.Panel>
        <Tabs.Panel value="outbox">
          <OutboxTab />
        </Tabs.Panel>
        <Tabs.Panel value="analytics">
          <AnalyticsTab />
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <AuditTab />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
