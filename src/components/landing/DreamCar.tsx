import { Badge, Container, Group, Stack, Text } from "@mantine/core";
import { LinkButton } from "@/components/common/links";
import { HowItWorks } from "./HowItWorks";
import { CtaBanner, CtaButtons, LandingSection, PageHero, PictureCard } from "./Sections";

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
      <PageHero
        headingId="dream-car-title"
        title="Drive Away in Your Dream Car"
        badge={
          <Badge size="lg" variant="white" color="violet" w="fit-content">
            Rated 4.9 by our winners
          </Badge>
        }
        text="Over 150 cars worth $50,000 and above, monthly draws, and a cash alternative if you would rather take the money. Tickets from just $1.79."
      >
        <CtaButtons size="lg" primary={{ href: "/signup", label: "Start Winning Now" }} />
      </PageHero>
      <Container size="xl" py="xl">
        <Stack gap={56}>
          <LandingSection headingId="car-categories-title" title="Find Your Perfect Ride" cols={{ base: 1, sm: 2, lg: 4 }}>
            {CAR_CATEGORIES.map((c) => (
              <PictureCard key={c.title} image={c.image} imageHeight={150} title={c.title} testId="car-category">
                <Group justify="space-between" my="xs">
                  <Badge>{c.prizes}</Badge>
                  <Text size="sm" fw={600}>
                    {c.range}
                  </Text>
                </Group>
                <LinkButton href="/signup" mt="auto" fullWidth aria-label={`Enter Now: ${c.title}`}>
                  Enter Now
                </LinkButton>
              </PictureCard>
            ))}
          </LandingSection>
          <HowItWorks steps={HOW_IT_WORKS} headingId="how-it-works-title" sectionId="how-it-works" columns={{ base: 1, sm: 3 }} />
          <CtaBanner headingId="dream-car-cta" title="Your Dream Car Is One Ticket Away">
            <LinkButton href="/signup" size="md" color="yellow" c="dark.9">
              Create Free Account
            </LinkButton>
          </CtaBanner>
        </Stack>
      </Container>
    </>
  );
}
