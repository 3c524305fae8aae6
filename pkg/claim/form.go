package claim

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/input"
)

// Bounds are a field's lengths in characters after cleaning.
type Bounds struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// Option is one answer of a question with a fixed list.
type Option struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// Question is one question of the declaration. Kinds limits it to some
// natures of loss (all when empty); When asks it only after given
// answers (otherParty: yes).
type Question struct {
	ID       string            `json:"id"`
	Label    string            `json:"label"`
	Type     string            `json:"type"` // text, yesno, select, date
	Required bool              `json:"required"`
	Kinds    []string          `json:"kinds"`
	When     map[string]string `json:"when"`
	Options  []Option          `json:"options"`
}

// KindInfo is a nature of loss and the delay rule it follows.
type KindInfo struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	// Delay is "general", "theft" or "natural".
	Delay string `json:"delay"`
	// NoFault marks a nature that never engages the driver's
	// responsibility: its claims never move a bonus-malus (theft, glass,
	// vandalism, fire, natural disaster; clause annexed to A121-1, art. 6
	// and 8).
	NoFault bool `json:"noFault,omitempty"`
}

// ProductForm is what a product's claims may be, and asks.
type ProductForm struct {
	ID        string   `json:"id"`
	Label     string   `json:"label"`
	Kinds     []string `json:"kinds"`
	Questions []string `json:"questions"`
}

// Delays are the legal delays to declare, and the broker's own delay to
// forward a declaration to the insurer.
type Delays struct {
	GeneralWorkingDays  int `json:"generalWorkingDays"`
	TheftWorkingDays    int `json:"theftWorkingDays"`
	NaturalDisasterDays int `json:"naturalDisasterDays"`
	TransmitWorkingDays int `json:"transmitWorkingDays"`
}

// Form is form.json: the questions by product and nature of loss, the
// delays and the fields' bounds, which the site reads too.
type Form struct {
	Delays    Delays            `json:"delays"`
	Bounds    map[string]Bounds `json:"bounds"`
	MaxFiles  int               `json:"maxFiles"`
	Products  []ProductForm     `json:"products"`
	Kinds     []KindInfo        `json:"kinds"`
	Questions []Question        `json:"questions"`
}

//go:embed form.json
var formJSON []byte

// LoadForm reads form.json and checks that every product names kinds
// and questions it defines.
func LoadForm() (*Form, error) {
	var f Form
	if err := json.Unmarshal(formJSON, &f); err != nil {
		return nil, fmt.Errorf("questions de la déclaration de sinistre: %w", err)
	}
	for _, p := range f.Products {
		for _, k := range p.Kinds {
			if f.kind(k) == nil {
				return nil, fmt.Errorf("déclaration de sinistre: nature %q du produit %s inconnue", k, p.ID)
			}
		}
		for _, q := range p.Questions {
			if f.question(q) == nil {
				return nil, fmt.Errorf("déclaration de sinistre: question %q du produit %s inconnue", q, p.ID)
			}
		}
	}
	for _, name := range []string{"description", "insurer", "policyNumber", "text", "message", "insurerRef", "asked", "reason", "note"} {
		if f.Bounds[name].Max == 0 {
			return nil, fmt.Errorf("déclaration de sinistre: bornes du champ %s manquantes", name)
		}
	}
	if f.Delays.GeneralWorkingDays <= 0 || f.Delays.TheftWorkingDays <= 0 || f.Delays.NaturalDisasterDays <= 0 {
		return nil, errors.New("déclaration de sinistre: délais de déclaration manquants")
	}
	return &f, nil
}

// Product is the entry of product id in form.json, nil when it has none.
// The server asks what a priced product's spec registers
// (Service.product), which CheckProducts holds equal to this entry.
func (f *Form) Product(id string) *ProductForm {
	for i := range f.Products {
		if f.Products[i].ID == id {
			return &f.Products[i]
		}
	}
	return nil
}

func (f *Form) kind(id string) *KindInfo {
	for i := range f.Kinds {
		if f.Kinds[i].ID == id {
			return &f.Kinds[i]
		}
	}
	return nil
}

func (f *Form) question(id string) *Question {
	for i := range f.Questions {
		if f.Questions[i].ID == id {
			return &f.Questions[i]
		}
	}
	return nil
}

// asked tells whether q is asked for a loss of kind with these answers.
func (q *Question) asked(kind string, answers map[string]string) bool {
	if len(q.Kinds) > 0 && !slices.Contains(q.Kinds, kind) {
		return false
	}
	for k, v := range q.When {
		if answers[k] != v {
			return false
		}
	}
	return true
}

// field is the cleaning of a free-text field of the form, named name in
// errors, bounded by bounds[key].
func (f *Form) field(key, name, what string, required bool) input.Field {
	b := f.Bounds[key]
	fl := input.Field{
		Name: name, Min: b.Min, Max: b.Max, Multiline: key == "description" || key == "message" || key == "asked" || key == "reason" || key == "note",
		TooShort: fmt.Sprintf("%s\u00a0: au moins %d\u00a0caractères.", what, b.Min),
		TooLong:  fmt.Sprintf("%s\u00a0: %d\u00a0caractères au plus.", what, b.Max),
		Invalid:  what + "\u00a0: ce texte contient des caractères refusés.",
	}
	if required {
		fl.Required = what + "\u00a0: ce champ est à remplir."
	}
	return fl
}

// answers checks the answers to the questions of product p for a loss
// of kind, occurred on day; every wrong one goes to add.
func (f *Form) answers(p *ProductForm, kind string, day time.Time, in map[string]string, add func(field, msg string)) []Answer {
	for k := range in {
		if !slices.Contains(p.Questions, k) {
			add("answers."+k, "Cette question n’est pas posée pour ce sinistre.")
		}
	}
	var out []Answer
	for _, id := range p.Questions {
		q := f.question(id)
		raw, given := in[id]
		if !q.asked(kind, in) {
			if given && raw != "" {
				add("answers."+id, "Cette question n’est pas posée pour ce sinistre.")
			}
			continue
		}
		a, err := f.answer(q, raw, day)
		if err != nil {
			add("answers."+id, apperr.MessageOf(err))
			continue
		}
		if a.Value != "" {
			out = append(out, a)
		}
	}
	return out
}

// answer checks one answer; an optional question left empty is a zero Answer.
func (f *Form) answer(q *Question, raw string, day time.Time) (Answer, error) {
	a := Answer{ID: q.ID, Label: q.Label}
	if raw == "" || input.Trim(raw) == "" {
		if q.Required {
			return a, apperr.Errorf(apperr.EINVALID, "Répondez à cette question.")
		}
		return Answer{}, nil
	}
	switch q.Type {
	case "yesno":
		switch raw {
		case "yes":
			a.Value, a.Text = raw, "Oui"
		case "no":
			a.Value, a.Text = raw, "Non"
		default:
			return a, apperr.Errorf(apperr.EINVALID, "Répondez par oui ou par non.")
		}
	case "select":
		for _, o := range q.Options {
			if o.ID == raw {
				a.Value, a.Text = raw, o.Label
			}
		}
		if a.Value == "" {
			return a, apperr.Errorf(apperr.EINVALID, "Choisissez une des réponses proposées.")
		}
	case "date":
		d, err := time.Parse(time.DateOnly, raw)
		if err != nil {
			return a, apperr.Errorf(apperr.EINVALID, "Donnez une date valide (AAAA-MM-JJ).")
		}
		if d.Before(day) {
			return a, apperr.Errorf(apperr.EINVALID, "L’arrêté ne peut pas être paru avant le sinistre.")
		}
		a.Value, a.Text = raw, d.Format("02/01/2006")
	default:
		text, err := f.field("text", "answers."+q.ID, "Cette réponse", true).Clean(raw)
		if err != nil {
			return a, err
		}
		a.Value, a.Text = text, text
	}
	return a, nil
}
