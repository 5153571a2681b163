"use client";

import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { LoadMore, Spinner } from "@/components/common/QueryState";
import { schemaResolver, useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import type { AdminWinnerPost } from "@/trpc/types";
import { winnerPostSchema } from "@/shared/schemas/admin";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LIMITS } from "@/shared/constants";
import { trpc } from "@/trpc/react";
import { formatCalendarDay } from "@/shared/format";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { ConfirmDialog, dialogAbout } from "@/components/common/ConfirmDialog";
import { TabHeading } from "./TabHeading";
import { formValues } from "@/components/common/formValues";
import { useSecondFactorGate } from "./SecondFactorGate";

const TEXT_FIELDS = [
  "title",
  "description",
  "winnerName",
  "winnerId",
  "contestId",
  "contestTitle",
  "imageUrl",
  "winAmount",
] as const;

type PostForm = Record<(typeof TEXT_FIELDS)[number] | "winDate" | "socialMediaLinks", string> & { isPublished: boolean };

function toForm(p?: AdminWinnerPost | null): PostForm {
  return {
    ...formValues(p, TEXT_FIELDS),
    winDate: p ? new Date(p.winDate).toISOString().slice(0, 10) : "",
    isPublished: p?.isPublished ?? true,
    socialMediaLinks: (p?.socialMediaLinks ?? []).join("\n"),
  };
}

/**
 * A bad link fails at "socialMediaLinks.<n>", a path no input shows: move it onto the textarea,
 * naming the link as the post shows it (Link 1, Link 2…), so Create never fails silently.
 */
function linkErrorsOnTheirField(errors: Record<string, React.ReactNode>): Record<string, React.ReactNode> {
  const out: Record<string, React.ReactNode> = {};
  for (const [key, message] of Object.entries(errors)) {
    const m = /^socialMediaLinks\.(\d+)$/.exec(key);
    if (!m) out[key] = message;
    else out.socialMediaLinks ??= `Link ${Number(m[1]) + 1}: ${String(message)}`;
  }
  return out;
}

/** The documented payload: socialMediaLinks as the list of non-blank lines. */
function toPayload(v: PostForm) {
  return {
    ...v,
    socialMediaLinks: v.socialMediaLinks
      .split("\n")
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/**
 * The post's contest, picked from this site's contests (searched by title on the server), so the
 * gallery's "Prize delivery trail" leads somewhere: a typed id could name no contest at all. Picking
 * one fills in its title. An older post's id that names no contest stays selectable as it is.
 */
function ContestPicker({
  value,
  error,
  onPick,
}: {
  value: string;
  error?: React.ReactNode;
  onPick: (contest: { id: string; title: string } | null) => void;
}) {
  const [search, setSearch] = useState("");
  // The picked contest stays an option while other searches run (the field shows its label).
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const term = debounced && debounced !== picked?.label ? debounced : "";
  const contests = useQuery(
    trpc.admin.contests.queryOptions({ limit: 50, ...(term ? { search: term } : {}) }, { staleTime: 30_000 }),
  );
  const rows = contests.data ?? [];
  const data = rows.map((c) => ({ value: c.id, label: `${c.title} (${c.status})` }));
  if (value && !data.some((d) => d.value === value)) {
    data.unshift(picked?.value === value ? picked : { value, label: `${value} (not a contest on this site)` });
  }
  return (
    <Select
      label="Contest ID"
      description="Pick the contest that was won"
      placeholder="Search contests by title"
      withAsterisk
      searchable
      clearable
      nothingFoundMessage={contests.isLoading ? "Loading contests..." : "No contest matches"}
      data={data}
      value={value || null}
      onSearchChange={setSearch}
      onChange={(id, option) => {
        const c = rows.find((r) => r.id === id);
        setPicked(id && option ? { value: id, label: option.label } : null);
        onPick(id ? { id, title: c?.title ?? "" } : null);
      }}
      error={error}
      filter={({ options }) => options}
    />
  );
}

function WinnerPostForm({
  initial,
  pending,
  onSubmit,
}: {
  initial: AdminWinnerPost | null;
  pending: boolean;
  onSubmit: (payload: ReturnType<typeof toPayload>) => void;
}) {
  const form = useForm<PostForm>({
    mode: "controlled",
    initialValues: toForm(initial),
    validate: (values) => linkErrorsOnTheirField(schemaResolver(winnerPostSchema, { sync: true })(toPayload(values))),
  });
  // The date field holds a day; a post saved without touching it keeps its exact stored instant
  // (a day alone would move it to midnight UTC).
  const submit = (v: PostForm) => {
    const payload = toPayload(v);
    onSubmit(
      initial && v.winDate === toForm(initial).winDate
        ? { ...payload, winDate: new Date(initial.winDate).toISOString() }
        : payload,
    );
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk {...form.getInputProps("title")} />
        <Textarea label="Description" withAsterisk autosize minRows={3} {...form.getInputProps("description")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Winner name" withAsterisk {...form.getInputProps("winnerName")} />
          <TextInput label="Winner ID" withAsterisk {...form.getInputProps("winnerId")} />
          <ContestPicker
            value={form.values.contestId}
            error={form.errors.contestId}
            onPick={(c) => {
              form.setFieldValue("contestId", c?.id ?? "");
              if (c?.title) form.setFieldValue("contestTitle", c.title);
            }}
          />
          <TextInput label="Contest title" withAsterisk {...form.getInputProps("contestTitle")} />
          <TextInput label="Win amount" placeholder="$10,000" {...form.getInputProps("winAmount")} />
          <TextInput label="Win date" type="date" withAsterisk {...form.getInputProps("winDate")} />
        </SimpleGrid>
        <TextInput label="Image URL" placeholder="https://..." {...form.getInputProps("imageUrl")} />
        <Textarea label="Social media links (one per line)" autosize minRows={2} {...form.getInputProps("socialMediaLinks")} />
        <Switch label="Published" {...form.getInputProps("isPublished", { type: "checkbox" })} />
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {initial ? "Update Post" : "Create Post"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function WinnerPostsTab() {
  const queryClient = useQueryClient();
  const { locked } = useSecondFactorGate();
  // A page at a time ("Load more"), newest win first, drafts included.
  const posts = useInfiniteQuery(
    trpc.admin.winnerPosts.infiniteQueryOptions(
      { limit: LIMITS.listPage },
      {
        staleTime: 0,
        refetchOnMount: true,
        getNextPageParam: (last) => (last.length === LIMITS.listPage ? last.at(-1)?.id : undefined),
      },
    ),
  );
  const [editing, setEditing] = useState<AdminWinnerPost | null | "new">(null);
  const [deleting, setDeleting] = useState<AdminWinnerPost | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.admin.winnerPosts.pathFilter());

  // Create, update and delete end alike: the toast, the dialog closes, the list refreshes.
  const outcome = (verb: "create" | "update" | "delete", close: () => void) => ({
    onSuccess: async () => {
      toastSuccess(TOAST.success, `Winner post ${verb}d successfully`);
      close();
      await refresh();
    },
    onError: (e: unknown) => toastError(TOAST.error, e, `Failed to ${verb} winner post`),
  });
  const create = useMutation(trpc.admin.createWinnerPost.mutationOptions(outcome("create", () => setEditing(null))));
  const update = useMutation(trpc.admin.updateWinnerPost.mutationOptions(outcome("update", () => setEditing(null))));
  const remove = useMutation(trpc.admin.deleteWinnerPost.mutationOptions(outcome("delete", () => setDeleting(null))));

  const list = posts.data?.pages.flat() ?? [];
  return (
    <Stack>
      <TabHeading title="Winner Posts">
        <Button onClick={() => setEditing("new")} disabled={locked}>
          Add Winner Post
        </Button>
      </TabHeading>
      {posts.isPending ? (
        <Stack align="center" py="xl">
          <Spinner label="Loading winner posts" />
        </Stack>
      ) : posts.error ? (
        <Text c="red">{posts.error.message}</Text>
      ) : list.length === 0 ? (
        <Stack align="center" py="xl" gap={4}>
          <Title order={3} size="h4">
            No Winner Posts
          </Title>
          <Text c="dimmed">Create a post to celebrate a winner.</Text>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.map((p) => (
            <Card key={p.id} withBorder radius="md" padding="md" data-testid="admin-winner-post">
              {p.imageUrl && (
                <Card.Section>
                  <Image src={p.imageUrl} alt={p.title} h={160} fit="cover" />
                </Card.Section>
              )}
              <Group justify="space-between" mt="sm" wrap="nowrap">
                <Text fw={700} lineClamp={2}>
                  {p.title}
                </Text>
                <Badge color={p.isPublished ? "green" : "gray"}>{p.isPublished ? "Published" : "Draft"}</Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {p.winnerName} · {p.contestTitle}
                {p.winAmount ? ` · ${p.winAmount}` : ""}
              </Text>
              <Text size="sm" c="dimmed">
                {formatCalendarDay(p.winDate)}
              </Text>
              <Text size="sm" mt="xs" lineClamp={3}>
                {p.description}
              </Text>
              {p.socialMediaLinks.length > 0 && (
                <Group gap="xs" mt="xs">
                  {p.socialMediaLinks.map((link, i) => (
                    <Anchor key={link} href={link} target="_blank" rel="noopener noreferrer" size="sm">
                      Link {i + 1}
                    </Anchor>
                  ))}
                </Group>
              )}
              <Group mt="md" gap="xs">
                <Button size="xs" variant="default" disabled={locked} onClick={() => setEditing(p)}>
                  Edit
                </Button>
                <Button size="xs" color="red" variant="light" disabled={locked} onClick={() => setDeleting(p)}>
                  Delete
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {list.length > 0 && <LoadMore query={posts} shown={list.length} noun="posts" />}

      <Modal
        {...dialogAbout(editing, setEditing)}
        title={editing === "new" ? "Create Winner Post" : "Edit Winner Post"}
        size="lg"
      >
        {editing !== null && (
          <WinnerPostForm
            initial={editing === "new" ? null : editing}
            pending={create.isPending || update.isPending}
            onSubmit={(payload) =>
              editing === "new" ? create.mutate(payload) : update.mutate({ id: editing.id, data: payload })
            }
          />
        )}
      </Modal>
      <ConfirmDialog
        {...dialogAbout(deleting, setDeleting)}
        title="Delete winner post"
        cancelLabel="Cancel"
        confirmLabel="Delete"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        <Text>Are you sure you want to delete this winner post?</Text>
      </ConfirmDialog>
    </Stack>
  );
}
