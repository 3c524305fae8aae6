/** Where the visitor is in the journey: the steps, the current one marked for screen readers. */
export function PriceSteps({ names, current }: { names: string[]; current: number }) {
  return (
    <ol className="price-steps" aria-label="Les étapes">
      {names.map((name, i) => (
        <li key={name} aria-current={i + 1 === current ? 'step' : undefined} className={i + 1 < current ? 'done' : undefined}>
          <span className="price-step-number" aria-hidden="true">{i + 1}</span>
          <span>{name}</span>
        </li>
      ))}
    </ol>
  );
}
