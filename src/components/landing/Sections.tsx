import {
  Box,
  Card,
  CardSection,
  Container,
  Group,
  Image,
  SimpleGrid,
  type SimpleGridProps,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconTrophy } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { LinkButton } from "@/components/common/links";
import classes from "./Landing.module.css";

/** A titled section of a landing page, labelled by its heading; with `cols`, its children form a grid of cards. */
export function LandingSection({
  headingId,
  title,
  sectionId,
  cols,
  children,
}: {
  headingId: string;
  title: ReactNode;
  sectionId?: string;
  cols?: SimpleGridProps["cols"];
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} id={sectionId}>
      <Title order={2} id={headingId} className={classes.sectionTitle}>
        {title}
      </Title>
      {cols ? (
        <SimpleGrid cols={cols} spacing="lg" mt="md">
          {children}
        </SimpleGrid>
      ) : (
        children
      )}
    </section>
  );
}

type ButtonLink = { href: string; label: string };

/** The landing pages' pair of calls to action: a yellow main button and an optional white second one. */
export function CtaButtons({
  size,
  primary,
  secondary,
  centred,
}: {
  size: "md" | "lg";
  primary: ButtonLink;
  secondary?: ButtonLink;
  centred?: boolean;
}) {
  return (
    <Group justify={centred ? "center" : undefined} gap="sm">
      <LinkButton href={primary.href} size={size} color="yellow" c="dark.9">
        {primary.label}
      </LinkButton>
      {secondary && (
        <LinkButton href={secondary.href} size={size} variant="white" color="violet">
          {secondary.label}
        </LinkButton>
      )}
    </Group>
  );
}

/** A card of a landing page's grid: a round or square mark, a small heading and a line of text. */
export function MarkCard({
  mark,
  title,
  text,
  testId,
  listItem,
}: {
  mark: ReactNode;
  title: string;
  text: string;
  testId: string;
  listItem?: boolean;
}) {
  const body = (
    <>
      {mark}
      <Title order={3} size="h4" mt="sm">
        {title}
      </Title>
      <Text size="sm" c="gray.7">
        {text}
      </Text>
    </>
  );
  return listItem ? (
    <Card withBorder padding="lg" component="li" data-testid={testId}>
      {body}
    </Card>
  ) : (
    <Card withBorder padding="lg" data-testid={testId}>
      {body}
    </Card>
  );
}

type SampleWinner = { name: string; prize: string; ago: string };

/** The "Recent Winners" grid of sample winners, each beside a trophy on the home page. */
export function RecentWinners({
  headingId,
  winners,
  trophy,
}: {
  headingId: string;
  winners: readonly SampleWinner[];
  trophy?: boolean;
}) {
  return (
    <LandingSection headingId={headingId} title="Recent Winners" cols={{ base: 1, sm: 3 }}>
      {winners.map((w) => {
        const lines = (
          <>
            <Text fw={700}>{w.name}</Text>
            <Text size="sm">Won {w.prize}</Text>
            <Text size="xs" c="gray.7">
              {w.ago}
            </Text>
          </>
        );
        return (
          <Card key={w.name} withBorder padding="md" data-testid="sample-winner">
            {trophy ? (
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={40} radius="xl" color="yellow" c="dark.9">
                  <IconTrophy size={22} aria-hidden />
                </ThemeIcon>
                <div>{lines}</div>
              </Group>
            ) : (
              lines
            )}
          </Card>
        );
      })}
    </LandingSection>
  );
}

/** The violet banner at the top of the dream-car pages: optional badge, title, lead text and buttons. */
export function PageHero({
  headingId,
  title,
  badge,
  text,
  children,
}: {
  headingId: string;
  title: string;
  badge?: ReactNode;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" className={classes.hero} aria-labelledby={headingId}>
      <Container size="xl" py={{ base: 40, md: 64 }}>
        <Stack gap="md" maw={720}>
          {badge}
          <Title order={1} id={headingId} className={classes.heroTitle}>
            {title}
          </Title>
          <Text size="lg" className={classes.heroText}>
            {text}
          </Text>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

/** The closing call to action of a landing page: a centred heading over its buttons. */
export function CtaBanner({ headingId, title, children }: { headingId: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" className={classes.cta} aria-labelledby={headingId}>
      <Stack align="center" gap="md" ta="center">
        <Title order={2} id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Box>
  );
}

/** A card with a decorative picture across its top and a small heading under it. */
export function PictureCard({
  image,
  imageHeight,
  title,
  testId,
  children,
}: {
  image: string;
  imageHeight: number;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <CardSection>
        <Image src={image} alt="" h={imageHeight} />
      </CardSection>
      <Title order={3} size="h4" mt="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
