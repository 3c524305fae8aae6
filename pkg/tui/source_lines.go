package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"courtier/pkg/desk"
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
		return quoteLines(r), nil
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

// quoteLines are the client's answers, the contact method, the offers and
// the client's refusal.
func quoteLines(r *quote.Request) [][2]string {
	lines := [][2]string{{"Produit", string(r.Product)}, {"Contact", strings.TrimSpace(r.Contact.Method + " " + r.Contact.Phone)}}
	if r.Message != "" {
		lines = append(lines, [2]string{"Message", r.Message})
	}
	lines = append(lines, answerLines(r.Details)...)
	for i, o := range r.Offers {
		lines = append(lines, [2]string{fmt.Sprintf("Offre %d", i+1), fmt.Sprintf("%s, %s\u00a0: %s par mois, %s par an, valable jusqu'au %s (%s)",
			o.Insurer, o.ProductName, euros(o.MonthlyCents), euros(o.YearlyCents), o.ValidUntil, o.Status)})
	}
	if r.DeclineReason != "" {
		lines = append(lines, [2]string{"Refus du client", r.DeclineReason})
	}
	return lines
}

// answerLines flattens the client's answers (a product's own struct) into
// lines named by their JSON field, in a stable order.
func answerLines(d quote.Details) [][2]string {
	raw, err := json.Marshal(d)
	if err != nil {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([][2]string, 0, len(keys))
	for _, k := range keys {
		v, _ := json.Marshal(m[k])
		out = append(out, [2]string{k, strings.Trim(string(v), `"`)})
	}
	return out
}

// euros writes cents as « 1 234,56 € ».
func euros(cents int64) string {
	neg := cents < 0
	if neg {
		cents = -cents
	}
	units := fmt.Sprint(cents / 100)
	var b strings.Builder
	for i, r := range units {
		if i > 0 && (len(units)-i)%3 == 0 {
			b.WriteString("\u00a0")
		}
		b.WriteRune(r)
	}
	out := fmt.Sprintf("%s,%02d\u00a0€", b.String(), cents%100)
	if neg {
		out = "-" + out
	}
	return out
}

func orDash(v string) string {
	if v == "" {
		return "—"
	}
	return v
}
