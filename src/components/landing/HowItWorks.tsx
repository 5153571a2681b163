import { Card, SimpleGrid, Text, ThemeIcon, Title } from "@mantine/core";
import classes from "./Landing.module.css";

/** The numbered "How It Works" steps shared by the landing and the dream-car pages. */
export function HowItWorks({
  steps,
  headingId,
  sectionId,
  columns,
}: {
  steps: readonly { title: string; text: string }[];
  headingId: string;
  sectionId?: string;
  columns: { base: number; xs?: number; sm?: number; md?: number };
}) {
  return (
    <section aria-labelledby={headingId} id={sectionId}>
      <Title order={2} id={headingId} className={classes.sectionTitle}>
        How It Works
      </Title>
      <SimpleGrid cols={columns} spacing="lg" mt="md" component="ol" className={classes.steps}>
        {steps.map((s, i) => (
          <Card key={s.title} withBorder padding="lg" component="li" data-testid="step">
            <ThemeIcon size={36} radius="xl" aria-hidden>
              <Text fw={800} c="white">
                {i + 1}
              </Text>
            </ThemeIcon>
            <Title order={3} size="h4" mt="sm">
              {s.title}
            </Title>
            <Text size="sm" c="gray.7">
              {s.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
