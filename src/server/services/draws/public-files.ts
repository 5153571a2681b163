/**
 * The large public files of a contest (docs/fair-play.md "Entry-list files"): the entry list
 * (GET /api/contests/{id}/draw/entries, what verify:draw hashes) and its free entries
 * (…/draw/free-entries). Both are final once sales close, yet were rebuilt from every entry on every
 * download (22 s for 300,000 entries; six downloads at once slowed everyone). Now each is made ONCE
 * per close, from the same streams as before (./record.ts), gzip-compressed and stored in the
 * database with an ETag (a `PublicFile` row: several instances share it; whichever asks first makes
 * it, a second maker at the same moment writes the same bytes), and kept in this process's memory
 * afterwards. Answering costs one small read (the contest's close and the row's ETag), whatever the
 * contest's size. The draw's fan-out job makes them right after the draw (src/server/jobs/app-jobs.ts),
 * so the first visitor does not wait either.
 */
import { gzipSync } from "node:zlib";
import type { DbTx } from "../../platform/db";
import { strongEtag } from "../../platform/etag";
import { conflict, notFound } from "../../platform/errors";
import { drawEntriesFile, drawFreeEntriesFile } from "./record";

export const PUBLIC_FILE_KINDS = ["entries", "free-entries"] as const;
export type PublicFileKind = (typeof PUBLIC_FILE_KINDS)[number];

/** A stored file: its text gzip-compressed, its uncompressed size and its strong ETag (of the text, src/server/platform/etag.ts). */
export type StoredPublicFile = { etag: string; size: number; gzip: Uint8Array };

/** Stored files' bytes kept in memory by ETag (a tag names one content). Bounded by total compressed bytes. */
const MEMORY_BYTES = 64 * 1024 * 1024;
const memory = new Map<string, StoredPublicFile>();
let memoryBytes = 0;
const making = new Map<string, Promise<StoredPublicFile>>();

function remember(key: string, file: StoredPublicFile): StoredPublicFile {
  if (file.gzip.byteLength > MEMORY_BYTES) return file;
  while (memoryBytes + file.gzip.byteLength > MEMORY_BYTES && memory.size > 0) {
    const [oldest, old] = memory.entries().next().value as [string, StoredPublicFile];
    memory.delete(oldest);
    memoryBytes -= old.gzip.byteLength;
  }
  memory.set(key, file);
  memoryBytes += file.gzip.byteLength;
  return file;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  return Buffer.concat(parts);
}

const sources: Record<PublicFileKind, (db: DbTx, contestId: string) => Promise<ReadableStream<Uint8Array>>> = {
  entries: drawEntriesFile,
  "free-entries": drawFreeEntriesFile,
};

async function make(db: DbTx, contestId: string, kind: PublicFileKind, basis: string): Promise<StoredPublicFile> {
  const text = await readAll(await sources[kind](db, contestId));
  const file: StoredPublicFile = { etag: strongEtag(text), size: text.byteLength, gzip: gzipSync(text) };
  const data = { basis, etag: file.etag, size: file.size, gzip: Buffer.from(file.gzip) };
  await db.publicFile.upsert({
    where: { contestId_kind: { contestId, kind } },
    create: { contestId, kind, ...data },
    update: data,
  });
  return file;
}

async function load(db: DbTx, contestId: string, kind: PublicFileKind): Promise<StoredPublicFile> {
  const row = await db.publicFile.findUniqueOrThrow({
    where: { contestId_kind: { contestId, kind } },
    select: { etag: true, size: true, gzip: true },
  });
  return { etag: row.etag, size: row.size, gzip: row.gzip };
}

/** One maker (or loader) per file per process: parallel first requests wait for it instead of each doing it. */
function once(key: string, work: () => Promise<StoredPublicFile>): Promise<StoredPublicFile> {
  let pending = making.get(key);
  if (!pending) {
    pending = work().finally(() => making.delete(key));
    making.set(key, pending);
  }
  return pending;
}

/**
 * The stored file (made now when it is not yet, or was made for an earlier close); 404 for an
 * unknown contest, 409 before sales close (the list is published once final). One query tells the
 * close and the stored row's ETag: the database is what is published, memory only spares reading
 * its bytes again.
 */
export async function publicEntryFile(db: DbTx, contestId: string, kind: PublicFileKind): Promise<StoredPublicFile> {
  const rows = await db.$queryRaw<
    { salesClosedAt: Date | null; drawnAt: Date | null; soldTickets: number; basis: string | null; etag: string | null }[]
  >`
    SELECT c."salesClosedAt", c."drawnAt", c."soldTickets", f."basis", f."etag"
    FROM "Contest" c LEFT JOIN "PublicFile" f ON f."contestId" = c."id" AND f."kind" = ${kind}
    WHERE c."id" = ${contestId}`;
  const c = rows[0];
  if (!c) throw notFound("Contest not found");
  const closed = c.salesClosedAt ?? c.drawnAt;
  if (!closed) throw conflict("The entry list is published when sales close");
  // A contest that closed with no ticket sold may re-open and close again: each close has its own file.
  const basis = `${closed.toISOString()}:${c.soldTickets}`;
  if (c.basis === basis && c.etag) {
    const kept = memory.get(c.etag);
    if (kept) return kept;
    const etag = c.etag;
    return once(`${contestId}:${kind}:${etag}`, async () => remember(etag, await load(db, contestId, kind)));
  }
  return once(`${contestId}:${kind}:${basis}`, async () => {
    const file = await make(db, contestId, kind, basis);
    return remember(file.etag, file);
  });
}

/** After a draw (the fan-out job): both files made now, so no visitor waits for them. */
export async function preparePublicFiles(db: DbTx, contestId: string): Promise<void> {
  for (const kind of PUBLIC_FILE_KINDS) await publicEntryFile(db, contestId, kind);
}
