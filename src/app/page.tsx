import { Container, Stack, Text, Title } from "@mantine/core";
import { ContestList } from "@/components/contests/ContestList";
import { getServerCaller } from "@/server/api/server-caller";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const caller = await getServerCaller();
  const contests = await caller.contests.list();
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Active Contests</Title>
          <Text c="dimmed">Pick your prize, grab your tickets and good luck!</Text>
        </div>
        <ContestList contests={contests} />
      </Stack>
    </Container>
  );
}
