import { Anchor, Container, List, ListItem, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { escalationRoute } from "@/server/services/prizes";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Complaints Policy",
  description: "How to complain, when we answer, and where to go if you are not satisfied.",
};

/** The public complaints policy (docs/fair-play.md "Complaints"); the deadline and ADR body come from the settings. */
export default function ComplaintsPolicyPage() {
  const route = escalationRoute();
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>Complaints Policy</Title>
        <Text>
          If something went wrong with a purchase, a draw, a prize, a payment or a withdrawal, tell us and we will put it right
          where we can.
        </Text>
        <Title order={2} size="h3">
          How to complain
        </Title>
        <List spacing="xs">
          <ListItem>
            Sign in and open <Anchor href="/complaints">Complaints</Anchor>. Choose what it is about and, if you like, pick the
            purchase, draw, prize, payment or withdrawal from your own.
          </ListItem>
          <ListItem>
            You get a reference at once, such as C-2026-000123, on screen and by e-mail. That e-mail is our acknowledgement.
          </ListItem>
          <ListItem>
            A prize delivery can be disputed from My Prizes; the dispute becomes a complaint with its own reference.
          </ListItem>
        </List>
        <Title order={2} size="h3">
          When we answer
        </Title>
        <Text>
          We give our final answer within {route.dueWorkingDays} working days (Monday to Friday) of receiving your complaint.
          Every step, including our replies and your notes, is e-mailed to you and recorded.
        </Text>
        <Title order={2} size="h3">
          If you are not satisfied
        </Title>
        <Text data-testid="adr-route">
          After our final answer you can refer your complaint, free of charge, to{" "}
          <Anchor href={route.url} rel="noopener noreferrer" target="_blank">
            {route.name}
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
