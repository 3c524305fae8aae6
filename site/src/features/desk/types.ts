import type { ComponentType } from 'react';

/**
 * A kind of request of the broker's queue. The kinds are registered with
 * pkg/desk (desk.KindSpec) and come from the API with their labels and
 * lines (GET /api/desk/requests answers them as `kinds`); the site adds a
 * kind's panels in ./kinds.ts, and needs nothing else to show it.
 */
export type RequestKind = string;

/** One labelled value of a kind's own part of a request (desk.Line). */
export interface KindLine {
  label: string;
  value: string;
}

/** A page of the site with the words of a link to it (desk.Page). */
export interface KindPage {
  label: string;
  path: string;
}

/** A person named in a request: its assignee. */
export interface Person {
  uid: string;
  name: string;
}

/** A request as staff read it in the queue (desk.StaffView). */
export interface DeskRequest {
  id: string;
  kind: RequestKind;
  kindLabel: string;
  ref: string;
  client: boolean;
  name: string;
  email: string;
  phone: string;
  product: string;
  summary: string;
  status: string;
  statusLabel: string;
  clientStatusLabel: string;
  waiting: boolean;
  assignee: Person | null;
  dueAt: string;
  overdue: boolean;
  dueToday: boolean;
  createdAt: string;
  updatedAt: string;
  /** The chat conversation the request was filed from, when it was (GET …/conversation reads it). */
  conversationId?: string;
}

/** What a kind's panels receive on the staff request page. */
export interface KindPanelProps {
  request: DeskRequest;
  /** The kind's own data, from GET /api/desk/requests/{id}/{kind}. */
  detail: unknown;
  /** Reloads the request after an action. */
  onChange: () => void;
}

/** A kind's own parts of the staff request page. */
export interface KindPanel {
  /** What the client or visitor sent, and what was answered. */
  Details: ComponentType<KindPanelProps>;
  /** The kind's own actions (send offers, reply, log a call, acknowledge…). */
  Actions: ComponentType<KindPanelProps>;
  /** The kind moves its status from its own panel (each move asks for something): the page offers no bare status change. */
  ownMoves?: boolean;
  /** The kind shows its thread with the client itself: the page leaves out the shared list of replies. */
  ownThread?: boolean;
}

/** What the broker answered, as the client reads it (desk.Reply). */
export interface Reply {
  id: number;
  at: string;
  authorName: string;
  label: string;
  body: string;
}

/** A request as its client reads it (desk.ClientView). */
export interface ClientRequest {
  id: string;
  kind: RequestKind;
  kindLabel: string;
  ref: string;
  product: string;
  summary: string;
  statusLabel: string;
  open: boolean;
  createdAt: string;
  updatedAt: string;
  replies: Reply[];
  /** Where the client follows it beyond « Mes demandes », when its kind has such a page (« Mes devis »). */
  page?: KindPage;
}

/** One line of a request's history (desk.Event). */
export interface DeskEvent {
  id: number;
  at: string;
  actorUid?: string;
  actorName: string;
  action: string;
  detail: string;
}

/** An internal note: staff read it, the client never does (desk.Note). */
export interface DeskNote {
  id: number;
  at: string;
  authorUid?: string;
  authorName: string;
  body: string;
}

/** A status and its staff label (desk.Option). */
export interface StatusOption {
  status: string;
  label: string;
}

/** What the signed-in staff member may do on a request (desk.Can). */
export interface DeskCan {
  take: boolean;
  release: boolean;
  assign: boolean;
  work: boolean;
  note: boolean;
}

/** A request as staff open it (desk.Detail). */
export interface DeskDetail {
  request: DeskRequest;
  history: DeskEvent[];
  notes: DeskNote[];
  replies: Reply[];
  /** What its kind says of it beyond the shared part (desk.KindSpec.Lines): shown when the kind has no panel. */
  lines?: KindLine[];
  /** The statuses it may be moved to by hand now. */
  moves: StatusOption[];
  can: DeskCan;
}

/** A kind of the queue and its statuses, for the filters (desk.KindInfo). */
export interface KindInfo {
  kind: RequestKind;
  label: string;
  statuses: StatusOption[];
}

/** The open requests of one kind (desk.KindCounts). */
export interface KindCounts {
  kind: RequestKind;
  label: string;
  open: number;
  new: number;
  overdue: number;
  dueToday: number;
  unassigned: number;
}

/** The open requests one member of staff holds (desk.AgentCounts). */
export interface AgentCounts {
  uid: string;
  name: string;
  open: number;
  overdue: number;
}

/** The queue at a glance (desk.Counts). */
export interface DeskCounts {
  open: number;
  new: number;
  overdue: number;
  dueToday: number;
  unassigned: number;
  byKind: KindCounts[];
  byAgent: AgentCounts[];
}

/** The filters of the queue, as the URL and the API name them. */
export interface QueueFilter {
  kind?: string;
  status?: string;
  state?: string;
  /** "me", "none", or empty for anyone. */
  assignee?: string;
  product?: string;
  q?: string;
  /** "overdue" or "today": a running deadline passed, or due before midnight. */
  due?: string;
}
