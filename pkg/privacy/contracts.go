package privacy

import (
	"context"

	"courtier/pkg/account"
	"courtier/pkg/contract"
)

// staffName stands for the broker's staff in the history of a contract
// exported: their names are not the client's data.
const staffName = "Le cabinet"

// contracts reads uid's contracts as the export holds them: the
// contract's JSON as « Mes contrats » shows it, its documents listed
// (title, date, SHA-256, and the API path that serves the PDF to its
// owner), the history with the staff's names left out, and no actions.
func contracts(ctx context.Context, svc *contract.Service, uid string) ([]*contract.Contract, error) {
	list, err := svc.Mine(ctx, account.Actor{UID: uid})
	if err != nil {
		return nil, err
	}
	for _, c := range list {
		for i, e := range c.History {
			if !c.ByOwner(e) {
				c.History[i].ActorName = staffName
			}
		}
		c.Actions = []string{}
	}
	return list, nil
}
