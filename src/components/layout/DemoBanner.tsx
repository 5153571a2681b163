"use client";

import { Box, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";

const HEIGHT = 32;

/**
 * Site-wide notice while the sandbox gateway is active (no OXAPAY_MERCHANT_API_KEY): top-ups are
 * simulated. Asked of the running server (payments.mode) rather than rendered into the HTML, so
 * pages prerendered at build time (src/app/page.tsx and the other static pages) still tell the
 * truth about the deployment they are served from. It arrives after the page is drawn, so it sits
 * fixed at the bottom (below drawers and dialogs) with a spacer after the footer: nothing on the
 * page moves when it appears.
 */
export function DemoBanner() {
  const mode = useQuery(trpc.payments.mode.queryOptions(undefined, { staleTime: Number.POSITIVE_INFINITY }));
  if (!mode.data?.simulated) return null;
  return (
    <>
      <Box h={HEIGHT} aria-hidden />
      <Box
        component="aside"
        aria-label="Demo mode"
        bg="yellow.1"
        c="dark.9"
        px="md"
        data-testid="demo-banner"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        h={HEIGHT}
        style={{
          zIndex: 100,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          borderTop: "1px solid var(--mantine-color-yellow-4)",
        }}
      >
        {/* The short form on phones: the whole sentence was cut to "Demo mode: payments are simulated. No…". */}
        <Text size="sm" fw={700} ta="center" lineClamp={1}>
          Demo mode: payments are simulated.
          <Box component="span" visibleFrom="sm">
            {" "}
            No real money is taken or paid out.
          </Box>
        </Text>
      </Box>
    </>
  );
}
