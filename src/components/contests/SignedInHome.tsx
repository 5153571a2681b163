import { Container, Stack, Text, Title } from "@mantine/core";
import type { PublicContest } from "@/server/services/contests";
import { ContestList } from "./ContestList";

/** Signed-in home: contest list with category filter and the wheel teaser (contests issue). */
export function SignedInHome({ contests }: { contests: PublicContest[] }) {
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
