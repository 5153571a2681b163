import { Container, Paper, Stack, Text, Title } from "@mantine/core";

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  return (
    <Container size={460} py={48}>
      <Stack gap="xs" mb="lg" align="center">
        <Title order={1} ta="center">
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" ta="center">
            {subtitle}
          </Text>
        )}
      </Stack>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        {children}
      </Paper>
    </Container>
  );
}
