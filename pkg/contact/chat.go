package contact

import (
	"fmt"

	"courtier/pkg/desk"
	"courtier/pkg/fr"
	"courtier/pkg/store"
)

// ChatNotice is the line a conversation shows once a request is filed
// from it (the chat's offer when no advisor is online): the reference,
// and who will answer how and by when, at the e-mail address or the
// phone number the sender gave.
func (s *Service) ChatNotice(rc *Receipt) (string, error) {
	to := rc.to
	loc := s.cal.Location()
	due, err := store.ParseTime(rc.DueAt)
	if err != nil {
		return "", fmt.Errorf("échéance de la demande %s: %w", rc.Ref, err)
	}
	if rc.Kind == desk.KindContact {
		return "Message " + rc.Ref + " enregistré" + fr.NBSP + ": un conseiller vous répondra par e-mail à " + to +
			" au plus tard le " + fr.DayMonth(due, loc) + ".", nil
	}
	if rc.SlotStart == "" {
		return "Demande de rappel " + rc.Ref + " enregistrée" + fr.NBSP + ": un conseiller vous appellera au " + fr.Phone(to) +
			" dès que possible, au plus tard le " + fr.DayMonth(due, loc) + " à" + fr.NBSP + fr.Clock(due, loc) + ".", nil
	}
	start, err := store.ParseTime(rc.SlotStart)
	if err != nil {
		return "", fmt.Errorf("créneau de la demande %s: %w", rc.Ref, err)
	}
	return "Demande de rappel " + rc.Ref + " enregistrée" + fr.NBSP + ": un conseiller vous appellera au " + fr.Phone(to) +
		" le " + fr.DayMonth(start, loc) + " entre " + fr.Clock(start, loc) + " et " + fr.Clock(due, loc) + ".", nil
}

// SubjectOther is the subject of form.json a message sent from the chat
// takes (« Autre »): the chat asks for no subject, the conversation
// attached tells what it is about.
const SubjectOther = "other"
