package desk

import (
	"courtier/pkg/account"
	"courtier/pkg/apperr"
)

// Can says what the actor may do on one request, from the same rules the
// methods apply, so that a screen shows only the buttons that will work
// (the server still refuses the others).
type Can struct {
	// Take: "Prendre en charge".
	Take bool `json:"take"`
	// Release: "Remettre dans la file".
	Release bool `json:"release"`
	// Assign: "Confier à…".
	Assign bool `json:"assign"`
	// Work: change the status by hand and use the kind's own actions.
	Work bool `json:"work"`
	// Note: add an internal note.
	Note bool `json:"note"`
}

// Option is a status a request may be moved to by hand, with its label.
type Option struct {
	Status Status `json:"status"`
	Label  string `json:"label"`
}

// canOf is what actor may do on r.
func canOf(actor account.Actor, r *Request) Can {
	if !actor.IsStaff() {
		return Can{}
	}
	return Can{
		Take:    takeError(actor, r) == nil && r.Assignee != actor.UID,
		Release: r.Assignee != "" && releaseError(actor, r) == nil,
		Assign:  assignError(actor, r) == nil,
		Work:    workError(actor, r) == nil,
		Note:    true,
	}
}

// takeError refuses "Prendre en charge": an agent takes a request nobody
// holds, an admin any open one.
func takeError(actor account.Actor, r *Request) error {
	if r.Assignee != "" && r.Assignee != actor.UID && !actor.IsAdmin() {
		return apperr.Errorf(apperr.ECONFLICT, "%s suit déjà cette demande.", nameOr(r.AssigneeName))
	}
	if !r.Open() {
		return errClosed()
	}
	return nil
}

// releaseError refuses "Remettre dans la file" to anyone but the assignee or an admin.
func releaseError(actor account.Actor, r *Request) error {
	if r.Assignee != actor.UID && !actor.IsAdmin() {
		return apperr.Errorf(apperr.EFORBIDDEN, "Seule la personne qui suit cette demande, ou un administrateur, peut la remettre dans la file.")
	}
	return nil
}

// assignError refuses "Confier à…" to anyone but the assignee or an
// admin, and on a closed request.
func assignError(actor account.Actor, r *Request) error {
	if r.Assignee != actor.UID && !actor.IsAdmin() {
		return apperr.Errorf(apperr.EFORBIDDEN, "Seule la personne qui suit cette demande, ou un administrateur, peut la confier à quelqu’un d’autre.")
	}
	if !r.Open() {
		return errClosed()
	}
	return nil
}

// workError refuses to work on a request the agent did not take; an admin works on any.
func workError(actor account.Actor, r *Request) error {
	if !actor.IsAdmin() && r.Assignee != actor.UID {
		return apperr.Errorf(apperr.EFORBIDDEN, "Prenez d’abord cette demande en charge.")
	}
	return nil
}

// moves are the hand moves the machine allows from r's status, labelled.
func moves(m *Machine, r *Request) []Option {
	out := []Option{}
	for _, st := range m.Moves[r.Status] {
		info, _ := m.Info(st)
		out = append(out, Option{Status: st, Label: info.Label})
	}
	return out
}

func errClosed() error {
	return apperr.Errorf(apperr.ECONFLICT, "Cette demande est clôturée.")
}

// nameOr names a person, or says who when the name is empty.
func nameOr(name string) string {
	if name == "" {
		return "Un autre conseiller"
	}
	return name
}

// KindInfo names a kind and its statuses, for the filters of a screen.
type KindInfo struct {
	Kind     Kind     `json:"kind"`
	Label    string   `json:"label"`
	Statuses []Option `json:"statuses"`
}

// Kinds lists the kinds the queue holds, in the order they were
// registered, with their statuses in their machine's order.
func (s *Service) Kinds() []KindInfo {
	out := []KindInfo{}
	for _, spec := range s.Specs() {
		info := KindInfo{Kind: spec.Kind(), Label: spec.label(), Statuses: []Option{}}
		for _, st := range spec.Machine.Statuses {
			info.Statuses = append(info.Statuses, Option{Status: st.Status, Label: st.Label})
		}
		out = append(out, info)
	}
	return out
}
