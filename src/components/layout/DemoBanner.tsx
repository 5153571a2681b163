import { Box, Text } from "@mantine/core";

/**
 * Site-wide notice while the sandbox gateway is active (no OXAPAY_MERCHANT_API_KEY): top-ups are
 * simulated. The root layout renders it from the server's payment mode (payments.mode says the same).
 */
export function DemoBanner() {
  return (
    <Box component="aside" aria-label="Demo mode" bg="yellow.1" c="dark.9" py={6} px="md" data-testid="demo-banner">
      <Text size="sm" fw={700} ta="center">
        Demo mode: payments are simulated. No real money is taken or paid out.
      </Text>
    </Box>
  );
}
