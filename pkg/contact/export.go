package contact

import (
	"context"
	"fmt"

	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// MessageExport is a contact message in its sender's data export: what
// they sent and what the broker answered, never internal notes.
type MessageExport struct {
	id        string
	Ref       string       `json:"ref"`
	Status    string       `json:"status"`
	Subject   string       `json:"subject"`
	Message   string       `json:"message"`
	Name      string       `json:"name"`
	Email     string       `json:"email"`
	Phone     string       `json:"phone"`
	CreatedAt string       `json:"createdAt"`
	ConsentAt string       `json:"consentAt"`
	Replies   []desk.Reply `json:"replies"`
}

// CallbackExport is a callback request in its sender's data export.
type CallbackExport struct {
	id        string
	Ref       string       `json:"ref"`
	Status    string       `json:"status"`
	Name      string       `json:"name"`
	Phone     string       `json:"phone"`
	Product   string       `json:"product"`
	Slot      string       `json:"slot"`
	SlotStart string       `json:"slotStart"`
	SlotEnd   string       `json:"slotEnd"`
	Note      string       `json:"note"`
	Attempts  int          `json:"attempts"`
	CreatedAt string       `json:"createdAt"`
	ConsentAt string       `json:"consentAt"`
	Replies   []desk.Reply `json:"replies"`
}

// Export is what this package holds about an account.
type Export struct {
	Messages  []MessageExport
	Callbacks []CallbackExport
}

// Export reads the messages and callbacks account uid sent, oldest first,
// with the broker's replies. pkg/privacy calls it for the signed-in user
// whose session it checked.
func (s *Service) Export(ctx context.Context, uid string) (*Export, error) {
	return s.export(ctx, uid, true, true)
}

// export reads the messages, the callbacks or both that uid sent (Export).
func (s *Service) export(ctx context.Context, uid string, messages, callbacks bool) (*Export, error) {
	out := &Export{Messages: []MessageExport{}, Callbacks: []CallbackExport{}}
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		if messages {
			if err := s.exportMessages(ctx, tx, uid, out); err != nil {
				return err
			}
		}
		if callbacks {
			if err := s.exportCallbacks(ctx, tx, uid, out); err != nil {
				return err
			}
		}
		for i := range out.Messages {
			if err := s.replies(ctx, tx, out.Messages[i].id, &out.Messages[i].Replies); err != nil {
				return err
			}
		}
		for i := range out.Callbacks {
			if err := s.replies(ctx, tx, out.Callbacks[i].id, &out.Callbacks[i].Replies); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("export des messages et rappels", err, "uid", uid)
	}
	return out, nil
}

// replies reads into dst the replies of request id.
func (s *Service) replies(ctx context.Context, tx *store.Tx, id string, dst *[]desk.Reply) error {
	list, err := s.desk.Replies(ctx, tx, id)
	if list == nil {
		list = []desk.Reply{}
	}
	*dst = list
	return err
}

// exportMessages appends to out the messages uid sent, oldest first,
// their status and subject as the client reads them.
func (s *Service) exportMessages(ctx context.Context, tx *store.Tx, uid string, out *Export) error {
	return eachMessageExport(ctx, tx, uid, func(m MessageExport, status desk.Status) error {
		info, _ := MessageMachine.Info(status)
		m.Status, m.Subject = info.Client, s.form.subjectLabel(m.Subject)
		out.Messages = append(out.Messages, m)
		return nil
	})
}

// exportCallbacks appends to out the callbacks uid asked for, oldest
// first, their status, product and slot as the client reads them.
func (s *Service) exportCallbacks(ctx context.Context, tx *store.Tx, uid string, out *Export) error {
	return eachCallbackExport(ctx, tx, uid, func(c CallbackExport, status desk.Status, product string) error {
		info, _ := CallbackMachine.Info(status)
		c.Status, c.Product = info.Client, s.productTitle(product)
		start, err1 := parseOpt(c.SlotStart)
		end, err2 := parseOpt(c.SlotEnd)
		if err1 != nil || err2 != nil {
			return fmt.Errorf("export des rappels: créneau illisible de %s", c.Ref)
		}
		c.Slot = s.slotLabel(start, end)
		out.Callbacks = append(out.Callbacks, c)
		return nil
	})
}
