"use client";

import { Container, Stack, Tabs, Title } from "@mantine/core";
import { AdminGate } from "@/components/admin/AdminGate";
import { PaymentsTab } from "@/components/admin/PaymentsTab";

/** Placeholder admin page (payments issue): only the Payments tab. The admin issue replaces it. */
export default function AdminPage() {
  return (
    <AdminGate>
      <Container size="xl" py="xl">
        <Stack>
          <Title order={1}>Admin Dashboard</Title>
          <Tabs defaultValue="payments">
            <Tabs.List>
              <Tabs.Tab value="payments">Payments</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="payments" pt="md">
              <PaymentsTab />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Container>
    </AdminGate>
  );
}
