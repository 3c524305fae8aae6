import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
}

/** The header every content page starts with: its one h1 and a short introduction. */
export function PageHeader({ title, lead, children }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className="container">
        <h1>{title}</h1>
        <p>{lead}</p>
        {children}
      </div>
    </header>
  );
}
