import { Container, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { LinkButton } from "@/components/common/links";

export const metadata: Metadata = {
  title: "You are offline",
  description: "No connection: this page is shown when the site cannot be reached.",
  robots: { index: false },
};

/**
 * What the service worker (src/sw/sw.ts) shows when a page cannot be loaded because the device is
 * offline. Prerendered and precached with the scripts and styles it loads (scripts/build/service-worker.ts).
 */
export default function OfflinePage() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>You are offline</Title>
        <Text c="gray.7">
          This page needs a connection. Check your network and try again: your tickets, balance and notifications are safe.
        </Text>
        <LinkButton href="/">Try again</LinkButton>
      </Stack>
    </Container>
  );
}
