package app

import (
	"context"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/chatbot"
	"courtier/pkg/claim"
	"courtier/pkg/contract"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"
)

// mine is the own business of the signed-in user uid, for the chat's
// replies about a claim, the documents, the payment or a cancellation
// (chat.Config.Mine): their open claims with their last step, their
// contracts in force with their dates, attestation and the page to change
// them, the next debit.
// The services are read when a message asks, as assistanceLines.
func (a *App) mine(ctx context.Context, uid string) (*chatbot.Mine, error) {
	actor := account.Actor{UID: uid, Role: account.RoleClient}
	contracts, err := a.Contracts.Mine(ctx, actor)
	if err != nil {
		return nil, err
	}
	claims, err := a.Claims.Mine(ctx, actor)
	if err != nil {
		return nil, err
	}
	loc := a.Calendar.Location()
	m := mineOf(contracts, a.now().In(loc), loc)
	for _, c := range claims {
		if claimEnded(c.Status) {
			continue
		}
		// The list has no history: the claim's page has.
		full, err := a.Claims.Get(ctx, actor, c.ID)
		if err != nil {
			return nil, err
		}
		m.Claims = append(m.Claims, myClaim(full, loc))
	}
	return m, nil
}

// claimEnded tells whether a claim in status is over: no longer « en cours ».
func claimEnded(status string) bool {
	switch status {
	case string(claim.StatusIndemnified), string(claim.StatusRefused), string(claim.StatusClosed):
		return true
	}
	return false
}

// myClaim is c as the chat says it: its reference, status, last step, page.
func myClaim(c *claim.Claim, loc *time.Location) chatbot.MyClaim {
	out := chatbot.MyClaim{Ref: c.Ref, Status: c.StatusLabel, Href: chatbot.MyClaimsPath + "/" + c.ID}
	if n := len(c.History); n > 0 {
		last := c.History[n-1]
		step := last.Label
		if step == "" {
			step = last.Text
		}
		if step != "" {
			out.Step = step + " le " + fr.Date(last.At, loc)
		}
	}
	return out
}

// mineOf are the contracts of list in force, with their dates and their
// attestation, and the next debit of their schedules on or after today.
func mineOf(list []*contract.Contract, today time.Time, loc *time.Location) *chatbot.Mine {
	m := &chatbot.Mine{}
	day := today.Format(time.DateOnly)
	var next *contract.Debit
	var nextOf string
	for _, c := range list {
		if !c.Status.InForce() {
			continue
		}
		my := chatbot.MyContract{Number: c.Number, Product: c.ProductLabel, Attestation: attestationOf(c)}
		if amendable(c) {
			my.Modify = chatbot.ModifyPath(c.ID)
		}
		if start, err := time.ParseInLocation(time.DateOnly, c.StartDate, loc); err == nil {
			my.Start = fr.Date(start, loc)
			my.Anniversary = fr.Date(anniversary(start, today), loc)
		}
		if c.Ending != nil && c.Ending.Date != "" {
			if end, err := time.ParseInLocation(time.DateOnly, c.Ending.Date, loc); err == nil {
				my.End = fr.Date(end, loc)
			}
		}
		m.Contracts = append(m.Contracts, my)
		for i := range c.Schedule {
			d := &c.Schedule[i]
			if d.Cancelled || d.Date < day || next != nil && d.Date >= next.Date {
				continue
			}
			next, nextOf = d, c.Number
		}
	}
	if next != nil {
		if at, err := time.ParseInLocation(time.DateOnly, next.Date, loc); err == nil {
			m.Next = &chatbot.MyDebit{Date: fr.Date(at, loc), Amount: pricing.Euros(next.AmountCents), Contract: nextOf}
		}
	}
	return m
}

// anniversary is the first yearly due date (« échéance ») of a contract
// started on start that is not before today, as contract's term.
func anniversary(start, today time.Time) time.Time {
	day := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, start.Location())
	t := start.AddDate(1, 0, 0)
	for k := 2; t.Before(day); k++ {
		t = start.AddDate(k, 0, 0)
	}
	return t
}

// amendable tells whether the client can change c online now (issue 43):
// a yearly contract in force, not suspended nor its end asked; the
// service decides again when they try.
func amendable(c *contract.Contract) bool {
	return (c.Status == contract.StatusActive || c.Status == contract.StatusAwaiting) && c.Risk.Days == 0
}

// attestationOf is the page of c, where its attestation or memo is
// downloaded: the widget's links are the site's pages, not files.
func attestationOf(c *contract.Contract) string {
	return chatbot.MyContractsPath + "/" + c.ID
}
