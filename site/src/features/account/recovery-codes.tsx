/** The recovery codes, shown once after they are made: to write down or print. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="recovery-codes" role="status">
      <p>
        <strong>Notez ces 10&nbsp;codes de secours</strong> et gardez-les en lieu sûr, hors de votre téléphone&nbsp;: chacun permet une
        connexion si vous n’avez plus votre application. Ils ne seront plus affichés.
      </p>
      <ul className="recovery-list" aria-label="Codes de secours">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <p className="recovery-actions">
        <button className="btn btn-secondary" type="button" onClick={() => window.print()}>Imprimer</button>{' '}
        <button className="btn btn-primary" type="button" onClick={onDone}>J’ai noté mes codes</button>
      </p>
    </div>
  );
}
