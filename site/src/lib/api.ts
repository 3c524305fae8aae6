import { typeset } from './format';

/** A failed API call: the server's French message and, for a form, the field it concerns. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const offline = 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.';

/** Calls the API with a JSON body and returns the JSON answer, or throws an ApiError. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(offline, 0);
  }
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const e = (data ?? {}) as { error?: string; field?: string; code?: string };
    // Typeset here, the one place every message of the server passes: "entre 9 et 1 000" stays whole.
    throw new ApiError(typeset(e.error ?? `Erreur inattendue (${res.status}).`), res.status, e.field, e.code);
  }
  return data as T;
}
