// Package complaint is the complaints procedure of ACPR recommendation
// 2022-R-01: a visitor or a client files a complaint; staff acknowledge it
// within the company's working days and answer it within its months,
// naming the mediator. A complaint is a request of the broker's queue
// (pkg/desk, kind "complaint", references RC-2026-000123); this package
// keeps what the person wrote and the procedure's dates.
package complaint

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"time"
)

// Draft is a complaint as the form sends it. A client's name and e-mail
// come from their account: what the draft says of them is ignored.
type Draft struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	// Phone is optional.
	Phone   string `json:"phone"`
	Subject string `json:"subject"`
	// Concerns names the contract or request concerned (a contract number,
	// a reference such as DV-2026-000123); optional.
	Concerns string `json:"concerns"`
	Facts    string `json:"facts"`
	// Demand is what the person asks for.
	Demand  string `json:"demand"`
	Consent bool   `json:"consent"`
	// From is the client address the web server saw, the key of the
	// per-address limit; "" (a command of the broker's own) is not limited.
	From string `json:"-"`
}

// Filed is what the complainant is told once the complaint is stored.
type Filed struct {
	ID  string `json:"id"`
	Ref string `json:"ref"`
	// AcknowledgeDays and AnswerMonths are the delays promised (company.json).
	AcknowledgeDays  int    `json:"acknowledgeDays"`
	AnswerMonths     int    `json:"answerMonths"`
	AcknowledgeDueAt string `json:"acknowledgeDueAt"`
	AnswerDueAt      string `json:"answerDueAt"`
}

// Complaint is what staff read of a complaint: what the person wrote and
// the procedure's dates ("" when not yet). Times are the store's UTC text.
type Complaint struct {
	ID               string `json:"id"`
	Subject          string `json:"subject"`
	Concerns         string `json:"concerns"`
	Facts            string `json:"facts"`
	Demand           string `json:"demand"`
	ConsentAt        string `json:"consentAt"`
	AcknowledgeDueAt string `json:"acknowledgeDueAt"`
	AnswerDueAt      string `json:"answerDueAt"`
	AcknowledgedAt   string `json:"acknowledgedAt"`
	AnsweredAt       string `json:"answeredAt"`
}

// Acknowledged tells whether the acknowledgement was sent (or an answer
// came first and stood for it).
func (c *Complaint) Acknowledged() bool { return c.AcknowledgedAt != "" }

// Answered tells whether an answer was sent.
func (c *Complaint) Answered() bool { return c.AnsweredAt != "" }

// Detail is a complaint as staff open it on the request page.
type Detail struct {
	Complaint
	Ref string `json:"ref"`
	// AnswerClosing is the paragraph naming the mediator that every answer
	// carries: the site pre-fills it, and Answer adds it when it is missing.
	AnswerClosing string `json:"answerClosing"`
}

// Bounds are a field's lengths in characters after cleaning.
type Bounds struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// Form holds the bounds of every field, in form.json, which the site reads
// too, so the browser and the server check the same numbers.
type Form struct {
	Name     Bounds `json:"name"`
	Subject  Bounds `json:"subject"`
	Concerns Bounds `json:"concerns"`
	Facts    Bounds `json:"facts"`
	Demand   Bounds `json:"demand"`
	// Reply bounds the acknowledgement and the answer staff write.
	Reply Bounds `json:"reply"`
}

//go:embed form.json
var formJSON []byte

// loadForm reads form.json.
func loadForm() (Form, error) {
	var f Form
	if err := json.Unmarshal(formJSON, &f); err != nil {
		return Form{}, fmt.Errorf("bornes du formulaire de réclamation: %w", err)
	}
	return f, nil
}

// Retention is how long a complaint is kept once answered or closed, as
// the privacy policy says: 5 years, the limitation period of the claims a
// complaint may lead to (article 2224 of the Code civil).
const Retention = 5 * 365 * 24 * time.Hour
