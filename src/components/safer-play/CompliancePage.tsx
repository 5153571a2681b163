import { Alert, Anchor, Container, List, ListItem, Paper, Stack, Text, Title } from "@mantine/core";
import { type Clause, type ClauseParagraph, paragraphText } from "@/shared/safer-play";

/**
 * "How we run our draws": one section per clause of the UK Voluntary Code of Good Practice for
 * Prize Draw Operators (November 2025), with a contents list that jumps to each. A server
 * component: the page is text, so it ships no code of its own (compound parts like List.Item do
 * not exist on the server's client references, hence ListItem).
 */
export function CompliancePage({ clauses }: { clauses: Clause[] }) {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>How we run our draws</Title>
          <Text c="dimmed" mt="xs">
            We follow the UK Voluntary Code of Good Practice for Prize Draw Operators (November 2025). Here is what each part asks
            and what we do, taken from the settings this site runs with.
          </Text>
        </div>
        <nav aria-label="On this page">
          <List size="sm" spacing={4}>
            {clauses.map((c) => (
              <ListItem key={c.id}>
                <Anchor href={`#${c.id}`}>{c.title}</Anchor>
              </ListItem>
            ))}
          </List>
        </nav>
        {clauses.map((c, i) => (
          <Paper
            key={c.id}
            id={c.id}
            component="section"
            withBorder
            p="lg"
            radius="md"
            aria-labelledby={`${c.id}-title`}
            data-testid={`clause-${c.id}`}
          >
            <Stack gap="sm">
              <Title order={2} size="h3" id={`${c.id}-title`}>
                {i + 1}. {c.title}
              </Title>
              <Text size="sm" fs="italic" c="dimmed">
                The code asks: {c.asks}
              </Text>
              {c.paragraphs.map((p) => (
                <Text key={paragraphText(p)}>
                  <Paragraph p={p} />
                </Text>
              ))}
              {c.links && (
                <List>
                  {c.links.map((l) => (
                    <ListItem key={l.url}>
                      <Anchor href={l.url} target="_blank" rel="noopener noreferrer">
                        {l.name}
                      </Anchor>
                    </ListItem>
                  ))}
                </List>
              )}
              {c.pending && (
                <Alert color="gray" variant="light" title="Coming soon" data-testid="clause-pending">
                  {c.pending}
                </Alert>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}

/** A paragraph's text with its links drawn as links (an address is never printed as text). */
function Paragraph({ p }: { p: ClauseParagraph }) {
  if (typeof p === "string") return p;
  return p.map((s, i) =>
    typeof s === "string" ? (
      s
    ) : (
      <Anchor key={i} href={s.href} {...(s.href.startsWith("/") ? {} : { target: "_blank", rel: "noopener noreferrer" })}>
        {s.text}
      </Anchor>
    ),
  );
}
