package claim

import (
	"context"
	"strings"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/desk"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"
)

// Spec declares claims to the desk (desk.KindSpec): the composition root
// registers it. A claim outlives its client's account (Forget) and is
// purged 5 years after it ended (PurgeExpired).
func (s *Service) Spec() desk.KindSpec {
	return desk.KindSpec{
		Machine: Machine, Label: "Sinistre", Noun: "votre déclaration de sinistre",
		Lines: func(ctx context.Context, actor account.Actor, r *desk.Request) ([]desk.Line, error) {
			c, err := s.StaffDetail(ctx, actor, r.ID)
			if err != nil {
				return nil, err
			}
			return StaffLines(c, s.cal.Location()), nil
		},
		Page: &desk.Page{Label: "Suivre ce sinistre dans Mes sinistres", Path: "/mes-sinistres"},
		Export: &desk.Export{Key: "claims", Read: func(ctx context.Context, uid string) (any, error) {
			return s.exportSigned(ctx, uid)
		}},
		Erase: s.Forget, Kept: s.Kept,
		Purge: &desk.Purge{Name: "purge-claims", Every: 24 * time.Hour, Run: s.PurgeExpired,
			Done: "sinistres supprimés après leur durée de conservation", Unit: "sinistres_supprimés"},
	}
}

// staffName stands for the broker's staff in a claim exported: their
// names are not the client's data.
const staffName = "Le cabinet"

// exportSigned reads uid's claims as the data export holds them: as « Mes
// sinistres » shows them, their files listed (name, type, size, date and
// the API path that serves them to their owner), the broker's messages
// signed by the firm, not by its staff, and no actions.
func (s *Service) exportSigned(ctx context.Context, uid string) ([]*Claim, error) {
	list, err := s.Export(ctx, account.Actor{UID: uid})
	if err != nil {
		return nil, err
	}
	for _, c := range list {
		for i, m := range c.Messages {
			if !m.FromClient {
				c.Messages[i].AuthorName = staffName
			}
		}
	}
	return list, nil
}

// StaffLines are a claim's own lines in the request's view: the contract,
// what happened and when, the delay to declare, where the follow-up
// stands, the answers to the questions and the description; times in loc.
func StaffLines(c *StaffClaim, loc *time.Location) []desk.Line {
	contract := c.Insurer + ", contrat n°\u00a0" + c.PolicyNumber + " souscrit ailleurs"
	if c.Contract != "" {
		contract = c.Contract + " chez " + c.Insurer
	}
	declared := ""
	if !c.DeclaredAt.IsZero() {
		declared = fr.DateTime(c.DeclaredAt, loc)
	}
	lines := []desk.Line{{Label: "Contrat", Value: contract}, {Label: "Produit", Value: c.ProductLabel}, {Label: "Nature", Value: c.KindLabel},
		{Label: "Survenu le", Value: civilDate(c.OccurredAt)}, {Label: "Déclaré le", Value: declared},
		{Label: "Délai pour déclarer", Value: declareText(c)}, {Label: "Règle du délai", Value: c.DeclareRule},
		{Label: "N° de sinistre de l’assureur", Value: c.InsurerRef}, {Label: "Pièce demandée", Value: c.Asked}}
	if c.AmountCents > 0 {
		lines = append(lines, desk.Line{Label: "Indemnité", Value: pricing.Euros(c.AmountCents)})
	}
	lines = append(lines, desk.Line{Label: "Motif du refus", Value: c.Reason})
	if c.BonusMalus {
		lines = append(lines, desk.Line{Label: "Responsabilité retenue par l’assureur", Value: strings.ToUpper(responsibilityLabels[c.Responsibility][:1]) + responsibilityLabels[c.Responsibility][1:]})
	}
	if a := c.Assistance; a != nil {
		lines = append(lines, desk.Line{Label: "Assistance", Value: a.Insurer + " · " + fr.Phone(a.Phone)})
	}
	for _, a := range c.Answers {
		v := a.Text
		if v == "" {
			v = a.Value
		}
		// The form's questions end with « ? » after a plain space, which a
		// narrow terminal could fold alone onto the next line.
		lines = append(lines, desk.Line{Label: strings.ReplaceAll(a.Label, " ?", "\u00a0?"), Value: v})
	}
	return append(lines, desk.Line{Label: "Description", Value: c.Description})
}

// declareText is the last day the law gives to declare, and « déclaré
// hors délai » when the client declared after it; "" for a natural
// disaster whose decree is not out (the rule says it).
func declareText(c *StaffClaim) string {
	if c.DeclareBy == "" {
		return ""
	}
	s := "au plus tard le " + civilDate(c.DeclareBy)
	if c.Late {
		s += " · déclaré hors délai"
	}
	return s
}

// civilDate writes a YYYY-MM-DD date in French, « 24 décembre 2026 »; the
// text as it is when it is not such a date.
func civilDate(s string) string {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return fr.Date(d, time.UTC)
}
