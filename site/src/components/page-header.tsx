import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
  /** A decorative illustration beside the text on wide screens. */
  art?: ReactNode;
}

/** The header every content page starts with: its one h1 and a short introduction. */
export function PageHeader({ title, lead, children, art }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className={art ? 'container page-header-art' : 'container'}>
        <div>
          <h1>{title}</h1>
          <p>{lead}</p>
          {children}
        </div>
        {art}
      </div>
    </header>
  );
}
