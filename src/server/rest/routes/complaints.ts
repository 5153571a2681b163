import { z } from "zod";
import { adminComplaintOutput, complaintOutput, complaintPolicyOutput } from "@/shared/schemas/responses";
import type { RestRow } from "../derive";
import { PAGE_PARAMS } from "../paging";

/** Complaints with a reference (docs/fair-play.md "Complaints"). */
export const complaintsRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/complaints/policy",
    doc: {
      output: complaintPolicyOutput,
      summary: "The complaints policy's settings: working days to a final answer and the escalation (ADR) body",
      access: "public",
      procedure: "complaints.policy",
    },
  },
  {
    method: "POST",
    path: "/api/complaints",
    status: 201,
    doc: {
      output: complaintOutput,
      summary:
        "File a complaint (about a purchase, draw, prize, payment or withdrawal); answers its reference, acknowledged at once",
      access: "user",
      procedure: "complaints.file",
      body: "input",
      errors: { 404: "the linked item is not the player's", 429: "more than 5 complaints in 24 hours" },
    },
  },
  {
    method: "GET",
    path: "/api/complaints",
    doc: {
      output: z.array(complaintOutput),
      summary: "The player's complaints with their steps, newest first (at most 200)",
      access: "user",
      procedure: "complaints.mine",
    },
  },
  {
    method: "GET",
    path: "/api/complaints/:reference",
    doc: {
      output: complaintOutput,
      summary: "One of the player's complaints by its reference (C-2026-000123)",
      access: "user",
      procedure: "complaints.get",
    },
  },
  {
    method: "POST",
    path: "/api/complaints/:reference/notes",
    doc: {
      output: complaintOutput,
      summary: "Add a note to an open complaint (e-mailed and audited)",
      access: "user",
      procedure: "complaints.addNote",
      body: "rest",
      errors: { 409: "the complaint already has a final answer" },
    },
  },
  {
    method: "GET",
    path: "/api/admin/complaints",
    doc: {
      output: z.array(adminComplaintOutput),
      summary:
        "The complaints queue: open ones by due date (overdue flagged), or ?status=all every complaint newest first (a page: ?limit, default 50, ?cursor = the last reference seen)",
      access: "admin",
      procedure: "complaints.adminList",
      query: ["status", ...PAGE_PARAMS],
    },
  },
  {
    method: "POST",
    path: "/api/admin/complaints/:reference/reply",
    doc: {
      output: complaintOutput,
      summary: "Reply to a complaint (e-mailed to the player and audited)",
      access: "admin",
      procedure: "complaints.adminReply",
      body: "rest",
      errors: { 409: "the complaint already has a final answer" },
    },
  },
  {
    method: "POST",
    path: "/api/admin/complaints/:reference/answer",
    doc: {
      output: complaintOutput,
      summary: "Give the final answer (e-mailed with the escalation route, audited); closes the complaint",
      access: "admin",
      procedure: "complaints.adminAnswer",
      body: "rest",
      errors: { 409: "the complaint already has a final answer" },
    },
  },
];
