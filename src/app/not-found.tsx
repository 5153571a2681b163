import { Container, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { LinkButton } from "@/components/common/links";

export const metadata: Metadata = {
  title: "404 Page Not Found",
  description: "The page you were looking for does not exist.",
};

export default function NotFound() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>404 Page Not Found</Title>
        <Text c="gray.7">The page you are looking for does not exist or has moved.</Text>
        <LinkButton href="/">Back to Home</LinkButton>
      </Stack>
    </Container>
  );
}
