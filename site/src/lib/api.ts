import { typeset } from './format';

/** One refused field of a form, as the server names it. */
export interface FieldMessage {
  field: string;
  message: string;
}

/** A failed API call: the server's French message and, for a form, the field it concerns (and every refused field). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
    readonly code?: string,
    readonly errors: FieldMessage[] = [],
    /** Seconds to wait before asking again (a 429's Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const offline = 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.';

/** Calls the API with a JSON body and returns the JSON answer, or throws an ApiError. */
export async function api<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(offline, 0);
  }
  return settled(answer<T>(res), signal);
}

/** Sends a form with a file (multipart/form-data) and returns the JSON answer, or throws an ApiError. */
export async function apiForm<T>(path: string, form: FormData, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { method: 'POST', body: form, credentials: 'same-origin', signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(offline, 0);
  }
  return settled(answer<T>(res), signal);
}

/** What answered, unless the caller gave up meanwhile: an aborted call never resolves as if it had answered. */
async function settled<T>(data: Promise<T>, signal?: AbortSignal): Promise<T> {
  const v = await data;
  signal?.throwIfAborted();
  return v;
}

/** The JSON of an answer, or the ApiError it carries. */
async function answer<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const e = (data ?? {}) as { error?: string; field?: string; code?: string; errors?: FieldMessage[] };
    // Typeset here, the one place every message of the server passes: "entre 9 et 1 000" stays whole.
    const errors = (e.errors ?? []).map((f) => ({ field: f.field, message: typeset(f.message) }));
    const wait = Number(res.headers.get('Retry-After') ?? '');
    throw new ApiError(typeset(e.error ?? `Erreur inattendue (${res.status}).`), res.status, e.field, e.code, errors, wait > 0 ? wait : undefined);
  }
  return data as T;
}
