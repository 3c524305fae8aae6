package tui

import (
	"encoding/json"
	"time"

	"courtier/pkg/contract"
)

// What staff follow on a contract of the Contrats tab: its payment
// incident's stage and where its renewal stands.

// Follow-ups of the Contrats list beside « justificatifs à vérifier »:
// the values of contract.Filter.Status the i and e keys ask for.
const (
	followNone    = ""
	followUnpaid  = contract.FollowUnpaid
	followRenewal = contract.FollowRenewal
)

// followNames name the follow-ups in the list's summary.
var followNames = map[string]string{followUnpaid: "impayés", followRenewal: "à renouveler"}

// followFields are the parts of a contract's JSON the follow-up reads, as
// issue 42's design fixed them (the payment incident's part adds incident,
// the renewal's renewalDeadline and renewal): read from the JSON, so that
// this depends on none of those parts' Go names, and says nothing of a
// contract without them.
type followFields struct {
	Incident *struct {
		Stage      string `json:"stage"`
		StageLabel string `json:"stageLabel"`
	} `json:"incident"`
	RenewalDeadline string `json:"renewalDeadline"`
	Renewal         *struct {
		NoticeSentAt string `json:"noticeSentAt"`
		Late         bool   `json:"late"`
	} `json:"renewal"`
}

// noticeDaysBefore is how long before the last day to refuse the renewal
// the avis d'échéance is due at the latest (L113-15-1).
const noticeDaysBefore = 15

// followText is the follow-up of c as of today (a civil day), "" for
// none (see follow).
func followText(c *contract.Contract, today time.Time) string {
	raw, err := json.Marshal(c)
	if err != nil {
		return ""
	}
	var f followFields
	if json.Unmarshal(raw, &f) != nil {
		return ""
	}
	return f.follow(today)
}

// follow is the follow-up as of today: the payment incident's stage while
// one is open; or, from RenewalWatchMonths before the avis d'échéance is
// due until the last day to refuse the renewal, the avis to send, late or
// sent, with that day; "" otherwise.
func (f followFields) follow(today time.Time) string {
	if i := f.Incident; i != nil && i.Stage != "closed" {
		if i.StageLabel == "" {
			return "Impayé"
		}
		return "Impayé · " + i.StageLabel
	}
	deadline, err := time.Parse(time.DateOnly, f.RenewalDeadline)
	if err != nil || today.After(deadline) {
		return ""
	}
	refuse := " (refus jusqu’au " + shortDate(f.RenewalDeadline) + ")"
	if r := f.Renewal; r != nil && r.NoticeSentAt != "" {
		if r.Late {
			return "Avis envoyé en retard" + refuse
		}
		return "Avis envoyé" + refuse
	}
	due := deadline.AddDate(0, 0, -noticeDaysBefore)
	switch {
	case today.After(due):
		return "Avis en retard" + refuse
	case today.AddDate(0, contract.RenewalWatchMonths, 0).Before(due):
		return ""
	}
	return "Avis à envoyer avant le " + shortDate(due.Format(time.DateOnly))
}

// civilToday is now's civil day in Paris, where the deadlines fall, at
// midnight UTC like the dates parsed.
func civilToday(now time.Time) time.Time {
	y, m, d := now.In(paris).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
