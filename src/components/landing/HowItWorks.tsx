import { SimpleGrid, Text, ThemeIcon } from "@mantine/core";
import classes from "./Landing.module.css";
import { LandingSection, MarkCard } from "./Sections";

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
    <LandingSection headingId={headingId} sectionId={sectionId} title="How It Works">
      <SimpleGrid cols={columns} spacing="lg" mt="md" component="ol" className={classes.steps}>
        {steps.map((s, i) => (
          <MarkCard
            key={s.title}
            listItem
            title={s.title}
            text={s.text}
            testId="step"
            mark={
              <ThemeIcon size={36} radius="xl" aria-hidden>
                <Text fw={800} c="white">
                  {i + 1}
                </Text>
              </ThemeIcon>
            }
          />
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
