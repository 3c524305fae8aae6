/** Test helpers of the chat (not part of the site): an EventSource the test drives. */

/** An EventSource the test drives: it records its address and lets the test emit events and errors. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readyState = 1;
  private listeners = new Map<string, ((e: Event) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.readyState = 2;
  }

  emit(type: string, data: unknown) {
    const e = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const f of this.listeners.get(type) ?? []) f(e);
  }

  /** A lost connection the browser retries (0, CONNECTING), or a refusal it does not (2, CLOSED). */
  fail(readyState = 0) {
    this.readyState = readyState;
    for (const f of this.listeners.get('error') ?? []) f(new Event('error'));
  }

  static last(): FakeEventSource {
    const es = FakeEventSource.instances.at(-1);
    if (!es) throw new Error('aucun EventSource ouvert');
    return es;
  }
}
