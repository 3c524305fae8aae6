/** What the browser tells the server about a rendering failure: no personal data. */
export interface ClientErrorReport {
  message: string;
  route: string;
  time: string;
}

const maxMessage = 500;

/** Builds the report of a failure; the query string is dropped since it may hold personal data. */
export function buildReport(error: unknown, pathname: string, now: Date): ClientErrorReport {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : 'Erreur inconnue';
  return { message: raw.slice(0, maxMessage), route: pathname.slice(0, 200), time: now.toISOString() };
}

/** Sends the report to the server, which logs it; a failure to send is only logged. */
export async function reportError(report: ClientErrorReport): Promise<boolean> {
  try {
    const res = await fetch('/api/client-errors', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    });
    return res.ok;
  } catch (err) {
    console.error('Impossible d’envoyer le rapport d’erreur', err);
    return false;
  }
}
