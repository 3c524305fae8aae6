package tui

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/desk"
	"courtier/pkg/fr"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/quote"
)

// kindLines reads the kind's own part of request id as labelled lines.
func (s *appSource) kindLines(ctx context.Context, kind desk.Kind, id string) ([][2]string, error) {
	switch kind {
	case desk.KindQuote:
		r, err := s.a.Quotes.StaffDetail(ctx, s.reader, id)
		if err != nil {
			return nil, err
		}
		return quoteLines(s.a.Quotes, r), nil
	case desk.KindContact:
		m, err := s.a.Contacts.StaffMessage(ctx, s.reader, id)
		if err != nil {
			return nil, err
		}
		return [][2]string{{"Objet", m.SubjectLabel}, {"Message", m.Message}}, nil
	case desk.KindCallback:
		c, err := s.a.Contacts.StaffCallback(ctx, s.reader, id)
		if err != nil {
			return nil, err
		}
		slot := c.SlotLabel
		if slot == "" {
			slot = "Dès que possible"
		}
		return [][2]string{{"Créneau", slot}, {"Produit", c.ProductLabel}, {"Note", c.Note},
			{"Appels", fmt.Sprint(c.Attempts)}, {"Dernier appel", c.LastOutcome}}, nil
	case desk.KindOnline:
		q, err := s.a.Prices.ForRequest(ctx, s.reader, id)
		if err != nil {
			return nil, err
		}
		return onlineLines(q, s.leadVehicle(q)), nil
	case desk.KindComplaint:
		d, err := s.a.Complaints.StaffDetail(ctx, s.reader, id)
		if err != nil {
			return nil, err
		}
		return [][2]string{{"Objet", d.Subject}, {"Concerne", d.Concerns}, {"Faits", d.Facts}, {"Demande", d.Demand},
			{"Accusé de réception", orDash(d.AcknowledgedAt)}, {"Réponse", orDash(d.AnsweredAt)}}, nil
	}
	return nil, nil
}

// quoteLines are the client's answers, the offers and the client's refusal.
func quoteLines(q *quote.Service, r *quote.Request) [][2]string {
	lines := q.AnswerLines(r)
	for i, l := range lines {
		if l[0] == "Téléphone" {
			lines[i][1] = fr.Phone(l[1])
		}
	}
	if r.Message != "" {
		lines = append(lines, [2]string{"Message", r.Message})
	}
	for i, o := range r.Offers {
		lines = append(lines, [2]string{fmt.Sprintf("Offre %d", i+1), o.Summary()})
	}
	if r.DeclineReason != "" {
		lines = append(lines, [2]string{"Refus du client", r.DeclineReason})
	}
	return lines
}

// leadVehicle writes the vehicle a lead's prices were made for: a
// version of the catalogue, or one the client described, flagged; "" for
// none (a home) or when the rating file cannot be read.
func (s *appSource) leadVehicle(q *instant.Quote) string {
	if q.VehicleDescribed {
		return q.DescribedVehicle + " · véhicule hors catalogue"
	}
	t, err := s.a.Prices.Tariff()
	if err != nil {
		return ""
	}
	if v, ok := t.Catalogue().Vehicle(q.Answers.VehicleID); ok {
		return v.Name()
	}
	return ""
}

// onlineLines are a lead's vehicle, its call consent, its choice, the
// advice and every price.
func onlineLines(q *instant.Quote, vehicle string) [][2]string {
	consent := "Non demandé"
	if q.Consent {
		consent = "Accepté"
	}
	until := q.ValidUntil
	if d, err := time.Parse(time.DateOnly, q.ValidUntil); err == nil {
		until = fr.Date(d, time.UTC)
	}
	var lines [][2]string
	if vehicle != "" {
		lines = append(lines, [2]string{"Véhicule", vehicle})
	}
	lines = append(lines, [2]string{"Rappel", consent}, [2]string{"Valables jusqu’au", until})
	if q.Recommended != nil {
		lines = append(lines, [2]string{"Notre conseil", q.Recommended.Reason})
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
		lines = append(lines, [2]string{label, p.Formula + " chez " + p.Insurer + "\u00a0: " + price})
	}
	return lines
}

// orDash writes an empty value as a dash.
func orDash(v string) string {
	if v == "" {
		return "—"
	}
	return v
}
