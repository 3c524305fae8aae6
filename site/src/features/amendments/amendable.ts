import type { Contract } from '../contracts/api';

/**
 * Whether the contract may be changed now (in force): the server says
 * so with the action « amend », or by its status. Apart from the flow so
 * the contract's page links to it without loading the flow's code.
 */
export function amendable(c: Pick<Contract, 'actions' | 'status'>): boolean {
  return (c.actions as string[]).includes('amend') || c.status === 'active' || c.status === 'awaiting_documents';
}
