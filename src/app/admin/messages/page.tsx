import { Container, Stack, Text, Title } from "@mantine/core";
import { MessagesTab } from "@/components/admin/MessagesTab";
import { getServerCaller } from "@/server/api/server-caller";

export const dynamic = "force-dynamic";

/** Interim admin page for the Messages tab until the admin dashboard mounts it in /admin. */
export default async function AdminMessagesPage() {
  const user = await (await getServerCaller()).auth.me();
  if (!user?.isAdmin) {
    return (
      <Container size="sm" py="xl">
        <Title order={2}>Access Denied</Title>
        <Text c="dimmed">You don't have permission to access this page.</Text>
      </Container>
    );
  }
  return (
    <Container size="xl" py="xl">
      <Stack>
        <Title order={2}>Messages</Title>
        <MessagesTab />
      </Stack>
    </Container>
  );
}
