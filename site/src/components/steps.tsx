import type { Step } from '../lib/text-types';
import './page-parts.css';

/** A numbered "how it works" sequence; each step is an h3 under the section's h2. */
export function Steps({ steps }: { steps: Step[] }) {
  return (
    <ol className="steps">
      {steps.map((s, i) => (
        <li key={s.title} className="step">
          <span className="step-number" aria-hidden="true">{i + 1}</span>
          <h3>{s.title}</h3>
          <p>{s.description}</p>
        </li>
      ))}
    </ol>
  );
}
