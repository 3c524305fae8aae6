package quote

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// answerLabels name the answers of every product in French, with the
// form.json list whose labels give their values, for the staff's views
// outside the browser (the terminal dashboard).
var answerLabels = map[string]struct{ label, list string }{
	"brand": {"Marque", listBrand}, "brandOther": {"Autre marque", ""}, "model": {"Modèle", ""},
	"year": {"Année de mise en circulation", ""}, "energy": {"Énergie", listEnergy}, "usage": {"Usage", listUsage},
	"licenceYear": {"Permis obtenu en", ""}, "bonusMalus": {"Bonus-malus", ""}, "cover": {"Formule", listCover},
	"occupancy": {"Occupation", listOccupancy}, "housingType": {"Logement", listHousingType},
	"surface": {"Surface (m²)", ""}, "rooms": {"Pièces", ""}, "postalCode": {"Code postal", ""},
	"adults": {"Adultes", ""}, "children": {"Enfants", ""}, "birthYear": {"Année de naissance", ""},
	"priority": {"Priorité", "healthPriority"}, "goal": {"Objectif", "lifeGoal"}, "amount": {"Montant (€)", ""},
	"activity": {"Activité", ""}, "legalStatus": {"Statut juridique", "legalStatus"}, "turnover": {"Chiffre d’affaires", "turnover"},
	"employees": {"Salariés", ""}, "yearsActivity": {"Années d’activité", ""}, "vtcCard": {"Carte VTC", ""},
	"vehicles": {"Véhicules", ""}, "vehicleTypes": {"Types de véhicules", "fleetVehicleType"},
	"vehicleKind": {"Véhicule", "tempVehicleKind"}, "startDate": {"Début", ""}, "days": {"Durée (jours)", ""},
}

// AnswerLines are r's product, contact and answers as French label/value
// pairs, in the order of the product's form.
func (s *Service) AnswerLines(r *Request) [][2]string {
	lines := [][2]string{{"Produit", productTitle(r.Product)}, {"Réponse souhaitée", s.form.label("contactMethod", r.Contact.Method)}}
	if r.Contact.Phone != "" {
		lines = append(lines, [2]string{"Téléphone", r.Contact.Phone})
	}
	raw, err := json.Marshal(r.Details)
	if err != nil {
		return lines
	}
	// Tokens rather than a map: the struct's field order is the form's.
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return lines
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return lines
		}
		key, _ := t.(string)
		var v any
		if err := dec.Decode(&v); err != nil {
			return lines
		}
		name := answerLabels[key]
		if name.label == "" {
			name.label = key
		}
		if text := s.form.value(name.list, v); text != "" {
			lines = append(lines, [2]string{name.label, text})
		}
	}
	return lines
}

// value writes an answer in French: a choice by its label, a list of
// choices joined, yes or no, a number as it is.
func (f *form) value(list string, v any) string {
	switch v := v.(type) {
	case string:
		return f.label(list, v)
	case bool:
		if v {
			return "Oui"
		}
		return "Non"
	case []any:
		out := ""
		for i, x := range v {
			if i > 0 {
				out += ", "
			}
			out += f.value(list, x)
		}
		return out
	case float64:
		// French decimals: a bonus-malus reads « 0,6 », not « 0.6 ».
		return strings.Replace(strconv.FormatFloat(v, 'f', -1, 64), ".", ",", 1)
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// label is the label of value in list, value itself when the list has none.
func (f *form) label(list, value string) string {
	for _, c := range f.Choices[list] {
		if c.Value == value {
			return c.Label
		}
	}
	return value
}
