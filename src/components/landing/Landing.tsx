import { Badge, Box, Container, Group, Image, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBolt, IconGift, IconShieldCheck, IconStarFilled, IconUsers } from "@tabler/icons-react";
import { LinkButton } from "@/components/common/links";
import { BENEFITS, LANDING_CATEGORIES, NUMBERS, SAMPLE_WINNERS, STEPS, TEASERS, TRUST_BADGES } from "./content";
import { HowItWorks } from "./HowItWorks";
import classes from "./Landing.module.css";
import { CtaBanner, CtaButtons, LandingSection, MarkCard, PictureCard, RecentWinners } from "./Sections";

const TRUST_ICONS = [IconShieldCheck, IconStarFilled, IconUsers];
const BENEFIT_ICONS = [IconBolt, IconGift, IconShieldCheck];

/** Signed-out landing page: every section of docs/product.md §2 "Public landing page" (server-rendered). */
export function Landing() {
  return (
    <>
      <Box component="section" className={classes.hero} aria-labelledby="hero-title">
        <Container size="xl" py={{ base: 40, md: 72 }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" className={classes.heroGrid}>
            <Stack gap="md">
              <Badge size="lg" variant="white" color="violet" w="fit-content">
                Over 150 contests live now
              </Badge>
              <Title order={1} id="hero-title" className={classes.heroTitle}>
                Win Your Dream Car
              </Title>
              <Text size="lg" className={classes.heroText}>
                Enter prize contests for supercars, motorbikes, luxury watches and cash from just $1.79 a ticket. Pay with crypto,
                spin the Fortune Wheel free every day and take a cash alternative if you prefer.
              </Text>
              <CtaButtons
                size="lg"
                primary={{ href: "/login", label: "Start Winning Today" }}
                secondary={{ href: "/dream-car-competition", label: "View All Contests" }}
              />
            </Stack>
            {/* Its size is known before it loads (720×440), so the sections below do not jump when it arrives. */}
            <Image
              src="/images/landing/hero-car.svg"
              alt="A sports car on an open road at sunset"
              radius="lg"
              width={720}
              height={440}
              h="auto"
              fetchPriority="high"
            />
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="xl" py="xl">
        <Stack gap={56}>
          <LandingSection headingId="teasers-title" title="Prizes Worth Playing For" cols={{ base: 1, sm: 3 }}>
            {TEASERS.map((t) => (
              <PictureCard key={t.title} image={t.image} imageHeight={160} title={t.title} testId="teaser">
                <Text size="sm" c="gray.7">
                  {t.text}
                </Text>
              </PictureCard>
            ))}
          </LandingSection>

          <section aria-label="Why players trust us">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {TRUST_BADGES.map((b, i) => {
                const Icon = TRUST_ICONS[i]!;
                return (
                  <Group key={b.label} gap="sm" wrap="nowrap" className={classes.badge} data-testid="trust-badge">
                    <ThemeIcon size="lg" radius="xl" variant="light">
                      <Icon size={20} aria-hidden />
                    </ThemeIcon>
                    <div>
                      <Text fw={700}>{b.label}</Text>
                      <Text size="sm" c="gray.7">
                        {b.detail}
                      </Text>
                    </div>
                  </Group>
                );
              })}
            </SimpleGrid>
          </section>

          <LandingSection headingId="categories-title" title="Choose Your Category" cols={{ base: 1, sm: 2, lg: 3 }}>
            {LANDING_CATEGORIES.map((c) => (
              <PictureCard key={c.title} image={c.image} imageHeight={170} title={c.title} testId="category-card">
                <Text size="sm" c="gray.7" mb="sm">
                  {c.text}
                </Text>
                <LinkButton href="/login" mt="auto" fullWidth aria-label={`${c.cta}: ${c.title}`}>
                  {c.cta}
                </LinkButton>
              </PictureCard>
            ))}
          </LandingSection>

          <LandingSection headingId="benefits-title" title="Why Play With Us" cols={{ base: 1, sm: 3 }}>
            {BENEFITS.map((b, i) => {
              const Icon = BENEFIT_ICONS[i]!;
              return (
                <MarkCard
                  key={b.title}
                  title={b.title}
                  text={b.text}
                  testId="benefit-card"
                  mark={
                    <ThemeIcon size={44} radius="md" variant="light">
                      <Icon size={24} aria-hidden />
                    </ThemeIcon>
                  }
                />
              );
            })}
          </LandingSection>

          <RecentWinners headingId="winners-title" winners={SAMPLE_WINNERS} trophy />
        </Stack>
      </Container>

      <Box component="section" className={classes.numbers} aria-label="Our numbers">
        <Container size="xl" py="xl">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
            {NUMBERS.map((n) => (
              <Stack key={n.label} gap={0} align="center">
                <Text className={classes.numberValue}>{n.value}</Text>
                <Text size="sm">{n.label}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="xl" py="xl">
        <Stack gap={56}>
          <HowItWorks steps={STEPS} headingId="steps-title" columns={{ base: 1, xs: 2, md: 4 }} />

          <CtaBanner headingId="cta-title" title="Ready to Win Your Dream Car?">
            <Text maw={560}>
              Join over 500,000 winners. Sign up free, claim your daily spin and enter your first contest today.
            </Text>
            <CtaButtons
              size="md"
              centred
              primary={{ href: "/login", label: "Get Started Now" }}
              secondary={{ href: "/dream-car-competition", label: "Browse Competitions" }}
            />
          </CtaBanner>
        </Stack>
      </Container>
    </>
  );
}
