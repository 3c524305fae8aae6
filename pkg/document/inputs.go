package document

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Person is the client: the policyholder, the debtor, the signer.
type Person struct {
	Name      string
	Address   string    // on one line
	BirthDate time.Time // zero when not asked
	Email     string
	Phone     string // "" when not asked
}

// Vehicle is an insured car, motorbike or VTC.
type Vehicle struct {
	Kind         string // « Voiture », « Moto », « VTC »
	Make, Model  string
	Version      string
	Registration string // « AB-123-CD »
}

// Dwelling is an insured home.
type Dwelling struct {
	Address string
	Kind    string // « Appartement », « Maison »
	Status  string // « Locataire », « Propriétaire occupant »
	Surface int    // m²
	Rooms   int
}

// Guarantee is one guarantee of a contract, with its limit or deductible
// in words (« jusqu'à 1 500 € », « franchise 150 € »).
type Guarantee struct {
	Name, Detail string
}

// required checks that each named value is given, and says which is not.
func required(doc string, pairs ...string) error {
	var missing []string
	for i := 0; i+1 < len(pairs); i += 2 {
		if strings.TrimSpace(pairs[i+1]) == "" {
			missing = append(missing, pairs[i])
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("document: %s: missing %s", doc, strings.Join(missing, ", "))
	}
	return nil
}

// errNoIssueTime is returned when a document is asked without its issue
// time: the package never reads the clock, so that output is reproducible.
var errNoIssueTime = errors.New("issue time is zero")

func (r *Renderer) date(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return date(t, r.paris)
}

func (v Vehicle) name() string {
	return strings.TrimSpace(strings.Join([]string{v.Make, v.Model, v.Version}, " "))
}

func (v Vehicle) fields() []Field {
	return []Field{
		{"Catégorie", v.Kind},
		{"Marque et modèle", strings.TrimSpace(v.Make + " " + v.Model)},
		{"Version", v.Version},
		{"Immatriculation", v.Registration},
	}
}

func (h Dwelling) fields() []Field {
	f := []Field{{"Adresse du logement", h.Address}, {"Type de logement", h.Kind}, {"Qualité de l’occupant", h.Status}}
	if h.Surface > 0 {
		f = append(f, Field{"Surface habitable", fmt.Sprintf("%d%sm²", h.Surface, nbsp)})
	}
	if h.Rooms > 0 {
		f = append(f, Field{"Pièces principales", fmt.Sprint(h.Rooms)})
	}
	return f
}
