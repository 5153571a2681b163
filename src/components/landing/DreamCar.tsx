import { Badge, Box, Card, CardSection, Container, Group, Image, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { LinkButton } from "@/components/common/links";
import { HowItWorks } from "./HowItWorks";
import classes from "./Landing.module.css";

const CAR_CATEGORIES = [
  { title: "Luxury Sports Cars", prizes: "45 prizes", range: "$80,000 – $350,000", image: "/images/contests/supercar-red.svg" },
  { title: "Premium SUVs", prizes: "32 prizes", range: "$60,000 – $180,000", image: "/images/contests/suv-black.svg" },
  { title: "Electric Vehicles", prizes: "28 prizes", range: "$50,000 – $150,000", image: "/images/contests/electric-blue.svg" },
  { title: "Classic Luxury", prizes: "18 prizes", range: "$70,000 – $400,000", image: "/images/contests/classic-green.svg" },
];

const HOW_IT_WORKS = [
  { title: "Create Your Account", text: "Sign up free in under a minute. No verification at sign-up." },
  { title: "Choose Your Car", text: "Pick from over 150 dream cars and grab tickets from $1.79." },
  { title: "Win & Drive", text: "Winners are drawn monthly. Take the car or a cash alternative." },
];

/** /dream-car: the static dream-car landing page (docs/product.md §2). Every call to action goes to /signup. */
export function DreamCar() {
  return (
    <>
      <Box component="section" className={classes.hero} aria-labelledby="dream-car-title">
        <Container size="xl" py={{ base: 40, md: 64 }}>
          <Stack gap="md" maw={720}>
            <Badge size="lg" variant="white" color="violet" w="fit-content">
              Rated 4.9 by our winners
            </Badge>
            <Title order={1} id="dream-car-title" className={classes.heroTitle}>
              Drive Away in Your Dream Car
            </Title>
            <Text size="lg" className={classes.heroText}>
              Over 150 cars worth $50,000 and above, monthly draws, and a cash alternative if you would rather take the money.
              Tickets from just $1.79.
            </Text>
            <Group gap="sm">
              <LinkButton href="/signup" size="lg" color="yellow" c="dark.9">
                Start Winning Now
              </LinkButton>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Container size="xl" py="xl">
        <Stack gap={56}>
          <section aria-labelledby="car-categories-title">
            <Title order={2} id="car-categories-title" className={classes.sectionTitle}>
              Find Your Perfect Ride
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" mt="md">
              {CAR_CATEGORIES.map((c) => (
                <Card key={c.title} withBorder padding="md" data-testid="car-category">
                  <CardSection>
                    <Image src={c.image} alt="" h={150} />
                  </CardSection>
                  <Title order={3} size="h4" mt="sm">
                    {c.title}
                  </Title>
                  <Group justify="space-between" my="xs">
                    <Badge>{c.prizes}</Badge>
                    <Text size="sm" fw={600}>
                      {c.range}
                    </Text>
                  </Group>
                  <LinkButton href="/signup" mt="auto" fullWidth aria-label={`Enter Now: ${c.title}`}>
                    Enter Now
                  </LinkButton>
                </Card>
              ))}
            </SimpleGrid>
          </section>
          <HowItWorks steps={HOW_IT_WORKS} headingId="how-it-works-title" sectionId="how-it-works" columns={{ base: 1, sm: 3 }} />
          <Box component="section" className={classes.cta} aria-labelledby="dream-car-cta">
            <Stack align="center" gap="md" ta="center">
              <Title order={2} id="dream-car-cta">
                Your Dream Car Is One Ticket Away
              </Title>
              <LinkButton href="/signup" size="md" color="yellow" c="dark.9">
                Create Free Account
              </LinkButton>
            </Stack>
          </Box>
        </Stack>
      </Container>
    </>
  );
}
