package instant

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/desk"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"
)

// Spec declares the leads, the prices kept, to the desk (desk.KindSpec):
// the composition root registers it.
func (s *Service) Spec() desk.KindSpec {
	return desk.KindSpec{
		Machine: Machine, Label: "Devis en ligne", Noun: "votre devis en ligne",
		// A lead put back to new is owed the call it agreed to.
		Delay: func(t time.Time) time.Time { return s.cal.AddWorkingHours(t, s.hours) },
		Lines: func(ctx context.Context, actor account.Actor, r *desk.Request) ([]desk.Line, error) {
			q, err := s.ForRequest(ctx, actor, r.ID)
			if err != nil {
				return nil, err
			}
			return leadLines(q, s.leadVehicle(q)), nil
		},
		Export: &desk.Export{Key: "instantPrices", Read: func(ctx context.Context, uid string) (any, error) {
			return s.Mine(ctx, account.Actor{UID: uid})
		}},
		Purge: &desk.Purge{Name: "purge-instant-prices", Every: PurgeEvery, Run: s.PurgeExpired,
			Done: "prix immédiats expirés supprimés", Unit: "prix_supprimés"},
	}
}

// leadVehicle writes the vehicle a lead's prices were made for: a
// version of the catalogue, or one the client described, flagged; "" for
// none (a home) or when the rating file cannot be read.
func (s *Service) leadVehicle(q *Quote) string {
	if q.VehicleDescribed {
		return q.DescribedVehicle + " · véhicule hors catalogue"
	}
	t, err := s.tariff()
	if err != nil {
		return ""
	}
	if v, ok := t.Catalogue().Vehicle(q.Answers.VehicleID); ok {
		return v.Name()
	}
	return ""
}

// leadLines are a lead's vehicle, its call consent, its choice, the
// advice and every price.
func leadLines(q *Quote, vehicle string) []desk.Line {
	consent := "Non demandé"
	if q.Consent {
		consent = "Accepté"
	}
	until := q.ValidUntil
	if d, err := time.Parse(time.DateOnly, q.ValidUntil); err == nil {
		until = fr.Date(d, time.UTC)
	}
	var lines []desk.Line
	if vehicle != "" {
		lines = append(lines, desk.Line{Label: "Véhicule", Value: vehicle})
	}
	lines = append(lines, desk.Line{Label: "Rappel", Value: consent}, desk.Line{Label: "Valables jusqu’au", Value: until})
	if q.Recommended != nil {
		lines = append(lines, desk.Line{Label: "Notre conseil", Value: q.Recommended.Reason})
	}
	for i, p := range q.Prices {
		label := fmt.Sprintf("Prix %d", i+1)
		if p.ID == q.Chosen {
			label += " (retenu)"
		}
		price := pricing.Euros(p.YearlyCents) + " par an"
		if p.MonthlyCents > 0 {
			price += ", " + pricing.Euros(p.MonthlyCents) + " par mois"
		}
		lines = append(lines, desk.Line{Label: label, Value: p.Formula + " chez " + p.Insurer + "\u00a0: " + price})
	}
	return lines
}
