-- Free entries of a contest in ticket order (the draw record's free-entry count and file,
-- src/server/services/draws/record.ts). Hand-written: Prisma cannot express a partial index; only
-- free entries are indexed, so purchases pay nothing for it.
CREATE INDEX "TicketEntry_free_contestId_firstTicket_idx" ON "TicketEntry" ("contestId", "firstTicket") WHERE "freeEntry";
