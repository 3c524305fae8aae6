import type { ComponentType } from 'react';

/** The four kinds of requests of the broker's queue (pkg/desk). */
export type RequestKind = 'quote' | 'contact' | 'callback' | 'complaint';

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
}
