package app

import (
	"context"
	"slices"

	"courtier/pkg/account"
	"courtier/pkg/chatbot"
	"courtier/pkg/contract"
	"courtier/pkg/pricing"
)

// assistanceLines are the 24/7 assistance lines of the contracts in force
// of the signed-in user uid, for the chat's emergency reply
// (chat.Config.Assistance). The services are read when a message asks,
// so the chat may be built before the contracts.
func (a *App) assistanceLines(ctx context.Context, uid string) ([]chatbot.Assistance, error) {
	list, err := a.Contracts.Mine(ctx, account.Actor{UID: uid, Role: account.RoleClient})
	if err != nil {
		return nil, err
	}
	t, err := a.Prices.Tariff()
	if err != nil {
		return nil, err
	}
	return assistanceOf(list, t), nil
}

// assistanceOf are the assistance lines of the contracts of list in force
// whose insurer tariff knows with a phone, once each.
func assistanceOf(list []*contract.Contract, tariff *pricing.Tariff) []chatbot.Assistance {
	var out []chatbot.Assistance
	for _, c := range list {
		in, ok := tariff.Insurer(c.Insurer)
		if !c.Status.InForce() || !ok || in.AssistancePhone == "" {
			continue
		}
		line := chatbot.Assistance{Insurer: in.Name, Product: c.ProductLabel, Phone: in.AssistancePhone}
		if !slices.Contains(out, line) {
			out = append(out, line)
		}
	}
	return out
}
