package contact

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"courtier/pkg/fr"
	"courtier/pkg/input"
)

// formJSON holds the subjects, the bounds of the free texts, how many days
// of callback slots are offered and how long requests are kept; the site
// reads the same file, so a subject or a bound is never typed twice.
//
//go:embed form.json
var formJSON []byte

// Subject is one of the fixed subjects of a contact message.
type Subject struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// bound is the length of a free text, in characters.
type bound struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// form is form.json.
type form struct {
	Subjects []Subject        `json:"subjects"`
	Limits   map[string]bound `json:"limits"`
	// SlotDays is how many working days of callback slots are offered.
	SlotDays int `json:"slotDays"`
	// RetentionMonths is how long a request is kept once answered or closed.
	RetentionMonths int `json:"retentionMonths"`
}

// The bounds form.json must give.
var boundNames = []string{"name", "message", "note", "reply", "callNote"}

func loadForm(data []byte) (*form, error) {
	var f form
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("formulaire de contact: %w", err)
	}
	if len(f.Subjects) == 0 || f.SlotDays <= 0 || f.RetentionMonths <= 0 {
		return nil, fmt.Errorf("formulaire de contact: objets, jours de créneaux et durée de conservation requis")
	}
	for _, name := range boundNames {
		if b, ok := f.Limits[name]; !ok || b.Max <= 0 || b.Min < 0 || b.Min > b.Max {
			return nil, fmt.Errorf("formulaire de contact: bornes de %q manquantes ou incohérentes", name)
		}
	}
	return &f, nil
}

// subject returns the subject of value v.
func (f *form) subject(v string) (Subject, bool) {
	for _, s := range f.Subjects {
		if s.Value == v {
			return s, true
		}
	}
	return Subject{}, false
}

// subjectLabel is the label of subject v, v itself when unknown.
func (f *form) subjectLabel(v string) string {
	if s, ok := f.subject(v); ok {
		return s.Label
	}
	return v
}

// text is the cleaning of the free text of bound name, error on field;
// required names what to write when the text is required (Min > 0).
func (f *form) text(name, field, required string, multiline bool) input.Field {
	b := f.Limits[name]
	fl := input.Field{
		Name: field, Min: b.Min, Max: b.Max, Multiline: multiline,
		TooShort: fmt.Sprintf("Saisissez au moins %d caractères.", b.Min),
		TooLong:  fmt.Sprintf("Saisissez %s caractères au plus.", fr.Int(b.Max)),
		Invalid:  "Ce texte contient des caractères non autorisés.",
	}
	if b.Min > 0 {
		fl.Required = required
	}
	return fl
}
