import { Container, Stack, Text, Title } from "@mantine/core";
import type { PublicContest } from "@/server/services/contests";
import { ContestList } from "../contests/ContestList";

/** Signed-out landing page (public pages issue builds every SPEC.md section here). */
export function Landing({ contests }: { contests: PublicContest[] }) {
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Win Your Dream Car</Title>
          <Text c="dimmed">Tickets from $1.79. Pay with crypto.</Text>
        </div>
        <ContestList contests={contests} />
      </Stack>
    </Container>
  );
}
